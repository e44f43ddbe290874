import { TIMING } from '../timing';

/** A read may be repeated freely; a start bills credits, so it is re-sent only after a certain refusal. */
export type RequestKind = 'read' | 'start';

export type Outcome = { type: 'network' } | { type: 'malformed' } | { type: 'status'; status: number };

export const RETRY_LIMITS = TIMING.retries;

export interface RetryState {
	retries: number;
	rateLimitRetries: number;
	/** A deadline bounds the call (a wait's Max Wait): refusals are waited out until then. */
	untilDeadline?: boolean;
}

/** The delay before the next attempt, or undefined when the outcome must be reported as it is. */
export function nextRetryDelay(kind: RequestKind, outcome: Outcome, state: RetryState): number | undefined {
	if (outcome.type === 'status' && outcome.status === 429) {
		if (!state.untilDeadline && state.rateLimitRetries >= RETRY_LIMITS.maxRateLimitRetries) return undefined;
		// Sent again at once: the request budget alone holds it, until the time the 429 named or the window has room.
		return 0;
	}
	if (kind === 'start') return undefined;
	const transient =
		outcome.type === 'network' || outcome.type === 'malformed' || (outcome.type === 'status' && outcome.status >= 500);
	if (!transient || state.retries >= RETRY_LIMITS.maxReadRetries) return undefined;
	return Math.min(RETRY_LIMITS.baseBackoffMs * 2 ** state.retries, RETRY_LIMITS.maxBackoffMs);
}
