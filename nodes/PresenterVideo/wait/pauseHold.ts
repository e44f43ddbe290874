import type { IExecuteFunctions } from 'n8n-workflow';

import { waitFor } from '../transport/time';
import { n8nVouchesForCallbacks } from './callbackUrl';

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
 * - A callback's handler hands its batch to n8n only within DECIDE_WITHIN_MS of the moment its
 *   `webhook()` began (its moment of grace, its turn and its reads included), or not at all.
 * - A pause in an execution that has paused for callbacks before hands the execution to n8n no
 *   sooner than PAUSE_HOLD_MS after this `execute()` began.
 *
 * The order, with no clock of one process compared to another's: a handler that can resume the
 * earlier pause with stale data loaded the execution while it waited there, so before that pause was
 * resumed, and this `execute()` began after that resume. The handler's `webhook()` began after its
 * load, it decides within DECIDE_WITHIN_MS of that, and n8n's own work around `webhook()` (the
 * workflow built before it, the update after it) takes less than the margin. So its update comes
 * less than PAUSE_HOLD_MS after this `execute()` began, while the execution still runs here, and
 * n8n refuses it ("already being resumed").
 */

/** A callback's moment of grace (2 s) plus a short read. */
export const DECIDE_WITHIN_MS = 3_000;

/**
 * The decision bound plus a second for n8n's own work around a `webhook()`. Short enough that a job
 * ending during the hold is still heard of: n8n refuses its callback while the execution runs, and
 * the service tries again 1 s and 3 s later (its code; documented: 1, 3 and 7 s), after the hold
 * unless the job ended within about a second of its start.
 */
export const PAUSE_HOLD_MS = DECIDE_WITHIN_MS + 1_000;

/** Kept in the execution's flow context, which n8n saves with a waiting execution. */
const PAUSED_BEFORE_KEY = 'presenterVideoPausedForCallbacks';

/**
 * Waits until PAUSE_HOLD_MS after `began` (this `execute()`'s start) when a node of this package has
 * paused this execution for callbacks before, where n8n 2.x checks the resume token; marks the
 * execution as paused. n8n 1.x resumes without a conditional update, which no hold can make safe.
 */
export async function holdRepeatedPause(context: IExecuteFunctions, began: number): Promise<void> {
	const flow = context.getContext('flow');
	const pausedBefore = flow[PAUSED_BEFORE_KEY] === true;
	flow[PAUSED_BEFORE_KEY] = true;
	if (!pausedBefore || !n8nVouchesForCallbacks(context)) return;
	const left = began + PAUSE_HOLD_MS - Date.now();
	if (left > 0) await waitFor(left, context.getExecutionCancelSignal());
}
