/** A read may be repeated freely; a start bills credits, so it is re-sent only after a certain refusal. */
export type RequestKind = 'read' | 'start';

export type Outcome =
	| { type: 'network' }
	| { type: 'malformed' }
	| { type: 'status'; status: number; headers: Record<string, unknown> };

export const RETRY_LIMITS = {
	maxReadRetries: 4,
	/** Refusals in a row a call accepts, each waited out by the request budget, when no deadline bounds it. */
	maxRateLimitRetries: 10,
	baseBackoffMs: 500,
	maxBackoffMs: 8_000,
};

function backoffDelay(retryNumber: number): number {
	return Math.min(RETRY_LIMITS.baseBackoffMs * 2 ** retryNumber, RETRY_LIMITS.maxBackoffMs);
}

/** A response header by its lower-case name, whatever case the answer used. */
export function header(headers: Record<string, unknown>, name: string): string | undefined {
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
}

export function headerNumber(headers: Record<string, unknown>, name: string): number | undefined {
	const value = header(headers, name);
	return value === undefined || !Number.isFinite(Number(value)) ? undefined : Number(value);
}

export interface RetryState {
	retries: number;
	rateLimitRetries: number;
	/** A deadline bounds the call (a wait's Max Wait): refusals are waited out until then. */
	untilDeadline?: boolean;
}

/** The delay before the next attempt, or undefined when the outcome must be reported as it is. */
export function nextRetryDelay(
	kind: RequestKind,
	outcome: Outcome,
	state: RetryState,
): number | undefined {
	if (outcome.type === 'status' && outcome.status === 429) {
		if (!state.untilDeadline && state.rateLimitRetries >= RETRY_LIMITS.maxRateLimitRetries) return undefined;
		// Sent again at once: the request budget alone holds it, until the time the 429 named or the window has room.
		return 0;
	}
	if (kind === 'start') return undefined;
	const transient =
		outcome.type === 'network' || outcome.type === 'malformed' || (outcome.type === 'status' && outcome.status >= 500);
	if (!transient || state.retries >= RETRY_LIMITS.maxReadRetries) return undefined;
	return backoffDelay(state.retries);
}
