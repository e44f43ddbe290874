import type { IExecuteFunctions } from 'n8n-workflow';

import { restFor, WaitCancelledError } from '../schedule/time';
import { n8nVouchesForCallbacks } from './callbackUrl';
import { TIMING } from '../timing';

/**
 * Why a pause may wait before handing its execution to n8n. n8n 2.x resumes a waiting execution
 * with a conditional update on `status = 'waiting'` alone, with the data its webhook processor
 * loaded when the call came in (2.41.1: `waiting-webhooks.js`, `webhook-helpers.js`,
 * `active-executions.js`). A callback decided on one webhook processor after another resumed its
 * pause and the execution waits again would resume the new wait with the old data: a loop would
 * start and bill its next turn's jobs twice. Two bounds close that:
 *
 * - a callback's handler hands its batch to n8n only within `decisionBoundMs` of its `webhook()`'s
 *   start, or not at all;
 * - a later pause in the execution hands it to n8n no sooner than the earlier pause's bound plus a
 *   margin for n8n's own work after this `execute()` began.
 *
 * A stale handler loaded the execution before the earlier pause was resumed, so before this
 * `execute()` began; with no clock compared between processes, its update then comes while the
 * execution still runs here, and n8n refuses it.
 */

const { decideWithinMs, readInRoundTrips, readMsPerJob, n8nWorkMarginMs } = TIMING;

/** How long a callback of a batch of `jobs` may decide: a large batch's last one may read many jobs. */
export function decisionBoundMs(jobs: number): number {
	return decideWithinMs + Math.max(0, jobs - readInRoundTrips) * readMsPerJob;
}

/** The hold after a pause of a few jobs. */
export const PAUSE_HOLD_MS = decideWithinMs + n8nWorkMarginMs;

/** The decision bound of the execution's last pause, kept in its flow context, which n8n saves with it. */
const LAST_PAUSE_BOUND_KEY = 'presenterVideoLastPauseDecisionBoundMs';

/**
 * Records this pause of `jobs` jobs in the execution, and waits, where n8n 2.x checks the resume
 * token, until the previous pause's bound plus the margin after `began` (this `execute()`'s start).
 * n8n 1.x resumes without a conditional update, which no hold can make safe. Whether it waited: n8n
 * refused the callbacks of jobs that ended meanwhile, and the service may have given up on them.
 */
export async function holdRepeatedPause(context: IExecuteFunctions, began: number, jobs: number): Promise<boolean> {
	const flow = context.getContext('flow');
	const previousBound = flow[LAST_PAUSE_BOUND_KEY];
	flow[LAST_PAUSE_BOUND_KEY] = decisionBoundMs(jobs);
	if (typeof previousBound !== 'number' || !n8nVouchesForCallbacks(context)) return false;
	const left = began + previousBound + n8nWorkMarginMs - Date.now();
	const signal = context.getExecutionCancelSignal();
	if (left > 0) await restFor(left, signal);
	if (signal?.aborted) throw new WaitCancelledError();
	return left > 0;
}
