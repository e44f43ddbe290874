import { startSandbox, type Sandbox } from './index';
import { call, get, post, sleep } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: { limit: 3, windowMs: 60_000 } });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.configure({ rateLimit: { limit: 3, windowMs: 60_000 } }));

const headersOf = (response: { headers: Headers }) => ({
	limit: response.headers.get('x-ratelimit-limit'),
	remaining: response.headers.get('x-ratelimit-remaining'),
	reset: Number(response.headers.get('x-ratelimit-reset')),
});

describe('rate limiting', () => {
	it('sends the X-RateLimit headers on every API response, errors included', async () => {
		const responses = [
			await get(sandbox, '/resources/voices'),
			await post(sandbox, '/generation/start', {}),
			await get(sandbox, '/generation/status/run_missing'),
		];
		expect(responses.map((response) => response.status)).toEqual([200, 400, 404]);
		expect(responses.map((response) => headersOf(response).remaining)).toEqual(['2', '1', '0']);
		for (const response of responses) expect(headersOf(response).limit).toBe('3');

		const unauthenticated = await call(sandbox, 'GET', '/resources/voices', { key: null });
		expect(unauthenticated.status).toBe(401);
		expect(headersOf(unauthenticated).limit).toBe('3');
	});

	it('gives the reset time in epoch seconds at the end of the window', async () => {
		const before = Date.now();
		const { reset } = headersOf(await get(sandbox, '/resources/voices'));
		expect(reset).toBeGreaterThanOrEqual(Math.floor((before + 60_000) / 1000));
		expect(reset).toBeLessThanOrEqual(Math.ceil((Date.now() + 60_000) / 1000));
	});

	it('answers 429 rate_limit_exceeded beyond the limit, per key', async () => {
		for (let index = 0; index < 3; index += 1)
			expect((await get(sandbox, '/resources/avatars')).status).toBe(200);
		const limited = await get(sandbox, '/resources/avatars');
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual({ error: expect.any(String), code: 'rate_limit_exceeded' });
		expect(headersOf(limited)).toMatchObject({ limit: '3', remaining: '0' });

		const before = sandbox.getCredits(sandbox.keys.main);
		expect((await post(sandbox, '/generation/start', { prompt: 'x', duration: 30 })).status).toBe(
			429,
		);
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);

		expect((await get(sandbox, '/resources/avatars', { key: sandbox.keys.other })).status).toBe(
			200,
		);
	});

	it('opens again when the window has passed', async () => {
		sandbox.configure({ rateLimit: { limit: 1, windowMs: 1000 } });
		expect((await get(sandbox, '/resources/voices')).status).toBe(200);
		expect((await get(sandbox, '/resources/voices')).status).toBe(429);
		await sleep(1050);
		const again = await get(sandbox, '/resources/voices');
		expect(again.status).toBe(200);
		expect(headersOf(again).remaining).toBe('0');
	});
});
