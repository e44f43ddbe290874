import { RATE_LIMIT_BODY, RateLimiter } from './rate-limiter';
import { startSandbox, type Sandbox } from './index';
import { call, get, post, sleep } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

const headersOf = (response: { headers: Headers }) => ({
	limit: response.headers.get('x-ratelimit-limit'),
	remaining: response.headers.get('x-ratelimit-remaining'),
	reset: response.headers.get('x-ratelimit-reset'),
});

describe('the sliding window', () => {
	const limiter = new RateLimiter(() => ({ limit: 3, windowMs: 1000 }));
	beforeEach(() => limiter.reset());

	it('refuses the request beyond the limit within any window, not only within a fixed one', () => {
		expect([0, 400, 800].map((at) => limiter.hit('space', at).allowed)).toEqual([true, true, true]);
		// A fixed window would have opened again at 1000; the sliding one still holds 400 and 800.
		expect(limiter.hit('space', 1000).allowed).toBe(true);
		expect(limiter.hit('space', 1100).allowed).toBe(false);
	});

	it('counts refused requests, so retrying during a refusal extends the lock-out', () => {
		for (const at of [0, 10, 20]) limiter.hit('space', at);
		expect(limiter.hit('space', 900).allowed).toBe(false);
		expect(limiter.hit('space', 1005).allowed).toBe(false); // 10, 20 and the refusal at 900
		expect(limiter.hit('space', 1015).allowed).toBe(false); // 20, 900, 1005
		expect(limiter.hit('space', 1025).allowed).toBe(false); // only refusals left, still full
		expect(limiter.hit('space', 2010).allowed).toBe(true); // 1015 and 1025 remain
	});

	it('keeps buckets apart', () => {
		for (const at of [0, 1, 2]) limiter.hit('a', at);
		expect(limiter.hit('a', 3).allowed).toBe(false);
		expect(limiter.hit('b', 3).allowed).toBe(true);
	});

	it('gives headers on allowed requests only: remaining after this one, reset at now + window', () => {
		expect(limiter.hit('space', 5_000).headers).toEqual({
			'X-RateLimit-Limit': '3',
			'X-RateLimit-Remaining': '2',
			'X-RateLimit-Reset': '6',
		});
		limiter.hit('space', 5_001);
		limiter.hit('space', 5_002);
		expect(limiter.hit('space', 5_003).headers).toEqual({});
	});
});

describe('rate limiting over HTTP', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: { limit: 3, windowMs: 60_000 } });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.configure({ rateLimit: { limit: 3, windowMs: 60_000 } }));

	it('sends the X-RateLimit headers on answered requests, errors included', async () => {
		const responses = [
			await get(sandbox, '/resources/voices'),
			await post(sandbox, '/generation/start', {}),
			await get(sandbox, '/generation/status/run_missing'),
		];
		expect(responses.map((response) => response.status)).toEqual([200, 400, 404]);
		expect(responses.map((response) => headersOf(response).remaining)).toEqual(['2', '1', '0']);
		for (const response of responses) expect(headersOf(response).limit).toBe('3');
	});

	it('gives the reset time in epoch seconds, now + 60 s', async () => {
		const before = Date.now();
		const reset = Number(headersOf(await get(sandbox, '/resources/voices')).reset);
		expect(reset).toBeGreaterThanOrEqual(Math.floor((before + 60_000) / 1000));
		expect(reset).toBeLessThanOrEqual(Math.floor((Date.now() + 60_000) / 1000));
	});

	it('answers 429 with the service body and no headers, per workspace, both keys of a space sharing it', async () => {
		for (const key of [sandbox.keys.main, sandbox.keys.mainSecond, sandbox.keys.main])
			expect((await get(sandbox, '/resources/avatars', { key })).status).toBe(200);
		const limited = await get(sandbox, '/resources/avatars', { key: sandbox.keys.mainSecond });
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual(RATE_LIMIT_BODY);
		expect(headersOf(limited)).toEqual({ limit: null, remaining: null, reset: null });
		expect(limited.headers.get('retry-after')).toBeNull();

		const before = sandbox.getCredits(sandbox.keys.main);
		expect((await post(sandbox, '/generation/start', { prompt: 'x', duration: 30 })).status).toBe(429);
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);

		expect((await get(sandbox, '/resources/avatars', { key: sandbox.keys.other })).status).toBe(200);
	});

	it('opens again once the requests have aged out of the window', async () => {
		sandbox.configure({ rateLimit: { limit: 1, windowMs: 1000 } });
		expect((await get(sandbox, '/resources/voices')).status).toBe(200);
		await sleep(1050);
		const again = await get(sandbox, '/resources/voices');
		expect(again.status).toBe(200);
		expect(headersOf(again).remaining).toBe('0');
	});

	it('counts unauthenticated requests in one shared bucket', async () => {
		for (let index = 0; index < 3; index += 1)
			expect((await call(sandbox, 'GET', '/resources/voices', { key: null })).status).toBe(401);
		expect((await call(sandbox, 'GET', '/resources/voices', { key: 'unknown' })).status).toBe(429);
		expect((await get(sandbox, '/resources/voices')).status).toBe(200);
	});
});
