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
	maxRateLimitWaitMs: 60_000,
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

/**
 * When a 429 says to come back (epoch ms): `Retry-After` (seconds or an HTTP date) or
 * `X-RateLimit-Reset` (epoch seconds). Undefined when it says nothing (the service's usual 429).
 */
export function rateLimitResetAt(headers: Record<string, unknown>, now = Date.now()): number | undefined {
	const retryAfter = header(headers, 'retry-after');
	if (retryAfter !== undefined) {
		const seconds = Number(retryAfter);
		const at = Number.isFinite(seconds) ? now + seconds * 1000 : Date.parse(retryAfter);
		if (!Number.isNaN(at)) return at;
	}
	const reset = Number(header(headers, 'x-ratelimit-reset'));
	return Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined;
}

/**
 * How long a 429 asks us to wait, capped at `maxMs` (the call's deadline, or a minute) so that a
 * wrong clock cannot stall the workflow.
 */
export function rateLimitDelay(
	headers: Record<string, unknown>,
	now = Date.now(),
	maxMs = RETRY_LIMITS.maxRateLimitWaitMs,
): number | undefined {
	const at = rateLimitResetAt(headers, now);
	if (at === undefined) return undefined;
	// The reset is given in whole seconds: a small margin avoids arriving just before it.
	return Math.min(Math.max(at - now, 0) + 100, Math.max(maxMs, 0));
}

export interface RetryState {
	retries: number;
	rateLimitRetries: number;
	/** A deadline bounds the call (a wait's Max Wait): refusals are waited out until then. */
	untilDeadline?: boolean;
	/** That deadline (epoch ms): a refusal's named wait is not waited past it. */
	deadline?: number;
}

/** The delay before the next attempt, or undefined when the outcome must be reported as it is. */
export function nextRetryDelay(
	kind: RequestKind,
	outcome: Outcome,
	state: RetryState,
	now = Date.now(),
): number | undefined {
	if (outcome.type === 'status' && outcome.status === 429) {
		if (!state.untilDeadline && state.rateLimitRetries >= RETRY_LIMITS.maxRateLimitRetries) return undefined;
		// The request budget holds the next attempt until the window has room, refusal counted.
		const maxMs = state.deadline === undefined ? RETRY_LIMITS.maxRateLimitWaitMs : state.deadline - now;
		return rateLimitDelay(outcome.headers, now, maxMs) ?? 0;
	}
	if (kind === 'start') return undefined;
	const transient =
		outcome.type === 'network' || outcome.type === 'malformed' || (outcome.type === 'status' && outcome.status >= 500);
	if (!transient || state.retries >= RETRY_LIMITS.maxReadRetries) return undefined;
	return backoffDelay(state.retries);
}
