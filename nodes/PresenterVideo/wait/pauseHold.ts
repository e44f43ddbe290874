import type { IExecuteFunctions } from 'n8n-workflow';

import { restFor, WaitCancelledError } from '../schedule/time';
import { n8nVouchesForCallbacks } from './callbackUrl';
import { TIMING } from '../timing';

/**
 * Why a pause may wait before handing its execution to n8n. n8n 2.x resumes a waiting execution
 * with a conditional update on `status = 'waiting'` alone, with the execution data its webhook
 * processor loaded when the call came in (2.41.1: `webhooks/waiting-webhooks.js` loads the
 * execution, `webhook-helpers.js` runs the node's `webhook()`, `active-executions.js` makes the
 * update). A callback of one pause handled by a second webhook processor, and decided there after
 * another processor resumed that pause and the execution waits again, would resume the new wait
 * with the old one's data: the nodes after the first pause would run again, and a loop would start
 * and bill its next turn's jobs twice. Two bounds close that:
 *
 * - A callback's handler hands its batch to n8n only within `decisionBoundMs` of the moment its
 *   `webhook()` began (its moment of grace, its turn and its reads included), or not at all.
 * - A pause in an execution that a node of this package has paused before hands the execution to
 *   n8n no sooner than that earlier pause's bound plus a margin after this `execute()` began.
 *
 * The order, with no clock of one process compared to another's: a handler that can resume the
 * earlier pause with stale data loaded the execution while it waited there, so before that pause was
 * resumed, and this `execute()` began after that resume. The handler's `webhook()` began after its
 * load, it decides within its bound of that, and n8n's own work around `webhook()` (the workflow
 * built before it, the update after it) takes less than the margin. So its update comes while the
 * execution still runs here, and n8n refuses it ("already being resumed"). Handlers of pauses before
 * the earlier one were over before the earlier one waited: it was held the same way.
 */

const { decideWithinMs, readInRoundTrips, readMsPerJob, n8nWorkMarginMs } = TIMING;

/**
 * How long a callback of a batch of `jobs` jobs may take to decide. A large batch's last callback
 * may have many jobs to read: those whose callbacks n8n refused while the batch was still starting.
 */
export function decisionBoundMs(jobs: number): number {
	return decideWithinMs + Math.max(0, jobs - readInRoundTrips) * readMsPerJob;
}

/**
 * The hold after a pause of a few jobs. Short enough that a job ending during the hold is still
 * heard of: n8n refuses its callback while the execution runs, and the service tries again 1 s and
 * 3 s later (its code; documented: 1, 3 and 7 s), after the hold unless the job ended within about
 * a second of its start.
 */
export const PAUSE_HOLD_MS = decideWithinMs + n8nWorkMarginMs;

/** The decision bound of the execution's last pause, kept in its flow context, which n8n saves with it. */
const LAST_PAUSE_BOUND_KEY = 'presenterVideoLastPauseDecisionBoundMs';

/**
 * Records this pause of `jobs` jobs in the execution, and waits, where n8n 2.x checks the resume
 * token, until the previous pause's bound plus the margin after `began` (this `execute()`'s start).
 * n8n 1.x resumes without a conditional update, which no hold can make safe.
 */
export async function holdRepeatedPause(context: IExecuteFunctions, began: number, jobs: number): Promise<void> {
	const flow = context.getContext('flow');
	const previousBound = flow[LAST_PAUSE_BOUND_KEY];
	flow[LAST_PAUSE_BOUND_KEY] = decisionBoundMs(jobs);
	if (typeof previousBound !== 'number' || !n8nVouchesForCallbacks(context)) return;
	const left = began + previousBound + n8nWorkMarginMs - Date.now();
	const signal = context.getExecutionCancelSignal();
	if (left > 0) await restFor(left, signal);
	if (signal?.aborted) throw new WaitCancelledError();
}
