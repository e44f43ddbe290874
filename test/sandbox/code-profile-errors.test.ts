import { startSandbox, type Sandbox } from './index';
import { get, keyNamedIn, post } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ profile: 'code', timings: { generationMs: 100, exportMs: 100 } });
});
afterEach(() => sandbox.configure({ faults: [], rateLimit: { limit: 600, windowMs: 60_000 } }));
afterAll(() => sandbox.close());

const details = (code: string, field?: string) => ({
	error: expect.any(String),
	details: [{ code, message: expect.any(String), ...(field !== undefined ? { field } : {}) }],
});
const flat = (code: string) => ({ error: expect.any(String), code });

describe("profile 'code': error bodies", () => {
	it('answers 401 and 403 in the details shape, codes in lower case', async () => {
		for (const path of ['/resources/voices', '/generation/status/run_000000000000']) {
			const missing = await get(sandbox, path, { key: null });
			expect([missing.status, missing.body]).toEqual([401, details('invalid_api_key')]);
			const wrong = await get(sandbox, path, { key: 'not_a_key' });
			expect([wrong.status, wrong.body]).toEqual([401, details('invalid_api_key')]);
			for (const said of [missing.body.error, missing.body.details[0].message, wrong.body.error, wrong.body.details[0].message])
				expect(keyNamedIn(said)).toBe(sandbox.keys.main);
			const starter = await get(sandbox, path, { key: sandbox.keys.starter });
			expect([starter.status, starter.body]).toEqual([403, details('plan_required')]);
		}
	});

	it('answers 429 in the details shape with no rate-limit headers, flat on script generation', async () => {
		sandbox.configure({ rateLimit: { limit: 2, windowMs: 60_000 } });
		await get(sandbox, '/resources/voices');
		await get(sandbox, '/resources/voices');
		const limited = await get(sandbox, '/resources/avatars');
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual({
			error: 'Rate limit exceeded. Maximum 100 requests per minute.',
			details: [{ code: 'rate_limit_exceeded', message: expect.any(String) }],
		});
		for (const header of ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
			expect(limited.headers.get(header)).toBeNull();
		const script = await post(sandbox, '/script/generate', { prompt: 'Limited' });
		expect([script.status, script.body]).toEqual([429, flat('rate_limit_exceeded')]);
	});

	it('answers 500 and 503 in the details shape, flat on script generation', async () => {
		sandbox.configure({
			faults: [
				{ path: 'voices$', kind: '500' },
				{ path: 'avatars$', kind: '503' },
				{ path: 'script/generate$', kind: '500' },
			],
		});
		const voices = await get(sandbox, '/resources/voices');
		expect([voices.status, voices.body]).toEqual([500, details('internal_error')]);
		const avatars = await get(sandbox, '/resources/avatars');
		expect([avatars.status, avatars.body]).toEqual([503, details('service_unavailable')]);
		const script = await post(sandbox, '/script/generate', { prompt: 'Broken' });
		expect([script.status, script.body]).toEqual([500, flat('internal_error')]);
	});

	it("writes the service table's codes in lower case and the routes' own codes in upper case", async () => {
		const noContent = await post(sandbox, '/generation/start', {});
		expect([noContent.status, noContent.body]).toEqual([400, details('missing_content')]);
		const noDuration = await post(sandbox, '/generation/start', { prompt: 'How long?' });
		expect([noDuration.status, noDuration.body]).toEqual([400, details('missing_field', 'duration')]);
		const noVoice = await post(sandbox, '/generation/start', { script: 'Hello there' });
		expect([noVoice.status, noVoice.body]).toEqual([400, details('missing_voice')]);
		const unknownVoice = await post(sandbox, '/generation/start', { script: 'Hi', voice_id: 'voice_nobody' });
		expect([unknownVoice.status, unknownVoice.body]).toEqual([400, details('invalid_voice_id')]);
		const noVideo = await post(sandbox, '/export/start', {});
		expect([noVideo.status, noVideo.body]).toEqual([400, details('MISSING_VIDEO_ID')]);
		const unknownModel = await post(sandbox, '/export/start', {
			video_id: sandbox.dashboardVideoIds.main,
			avatar_model: 'hologram',
		});
		expect([unknownModel.status, unknownModel.body]).toEqual([400, details('INVALID_AVATAR_MODEL')]);
		const otherSpace = await post(sandbox, '/export/start', { video_id: sandbox.dashboardVideoIds.other });
		expect([otherSpace.status, otherSpace.body]).toEqual([403, details('UNAUTHORIZED_VIDEO')]);
		const noRoute = await get(sandbox, '/resources/music');
		expect([noRoute.status, noRoute.body]).toEqual([404, details('not_found')]);
	});

	it("keeps the contract's shapes and codes on script generation", async () => {
		const noPrompt = await post(sandbox, '/script/generate', {});
		expect([noPrompt.status, noPrompt.body]).toEqual([
			400,
			{
				error: 'Validation failed',
				details: [{ code: 'MISSING_FIELD', message: expect.any(String), field: 'prompt' }],
			},
		]);
		const noKey = await post(sandbox, '/script/generate', { prompt: 'Hi' }, { key: null });
		expect([noKey.status, noKey.body]).toEqual([401, flat('invalid_api_key')]);
		expect(keyNamedIn(noKey.body.error)).toBe(sandbox.keys.main);
		const starter = await post(sandbox, '/script/generate', { prompt: 'Hi' }, { key: sandbox.keys.starter });
		expect([starter.status, starter.body]).toEqual([403, flat('plan_required')]);
		const poor = await post(sandbox, '/script/generate', { prompt: 'Hi', duration: 600, webSearch: true }, { key: sandbox.keys.poor });
		expect([poor.status, poor.body]).toEqual([402, flat('INSUFFICIENT_CREDITS')]);
	});
});
