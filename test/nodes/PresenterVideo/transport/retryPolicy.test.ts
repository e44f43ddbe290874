import { nextRetryDelay, RETRY_LIMITS } from '../../../../nodes/PresenterVideo/transport/retryPolicy';

const fresh = () => ({ retries: 0, rateLimitRetries: 0 });
const status = (code: number, headers: Record<string, unknown> = {}) => ({
	type: 'status' as const,
	status: code,
	headers,
});

describe('retry policy', () => {
	it('retries reads on network errors, unreadable answers and 5xx with growing backoff', () => {
		expect(nextRetryDelay('read', { type: 'network' }, fresh())).toBe(500);
		expect(nextRetryDelay('read', { type: 'malformed' }, { retries: 1, rateLimitRetries: 0 })).toBe(1000);
		expect(nextRetryDelay('read', status(503), { retries: 2, rateLimitRetries: 0 })).toBe(2000);
		expect(
			nextRetryDelay('read', status(500), { retries: RETRY_LIMITS.maxReadRetries, rateLimitRetries: 0 }),
		).toBeUndefined();
	});

	it('never re-sends a start that may have reached the service', () => {
		expect(nextRetryDelay('start', { type: 'network' }, fresh())).toBeUndefined();
		expect(nextRetryDelay('start', { type: 'malformed' }, fresh())).toBeUndefined();
		expect(nextRetryDelay('start', status(500), fresh())).toBeUndefined();
		expect(nextRetryDelay('start', status(502), fresh())).toBeUndefined();
	});

	it('re-sends a start after a 429, which the service certainly did not process, leaving the wait to the budget', () => {
		expect(nextRetryDelay('start', status(429), fresh())).toBe(0);
		expect(
			nextRetryDelay('start', status(429), { retries: 0, rateLimitRetries: RETRY_LIMITS.maxRateLimitRetries }),
		).toBeUndefined();
	});

	it('waits out refusals without a count limit when a deadline bounds the call', () => {
		const many = { retries: 0, rateLimitRetries: RETRY_LIMITS.maxRateLimitRetries * 3, untilDeadline: true };
		expect(nextRetryDelay('read', status(429), many)).toBe(0);
	});

	it('does not retry client errors', () => {
		for (const code of [400, 401, 402, 403, 404]) expect(nextRetryDelay('read', status(code), fresh())).toBeUndefined();
	});

	it('leaves the wait a 429 names to the budget alone, so that it is waited once', () => {
		const now = 1_700_000_000_000;
		expect(nextRetryDelay('read', status(429, { 'retry-after': '4' }), fresh())).toBe(0);
		expect(nextRetryDelay('start', status(429, { 'x-ratelimit-reset': now / 1000 + 2 }), fresh())).toBe(0);
	});
});
