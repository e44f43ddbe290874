import { startSandbox, type Sandbox } from './index';
import { call, generateVideo, get, keyNamedIn, post } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ timings: { generationMs: 100, exportMs: 100 } });
});
afterAll(() => sandbox.close());

const ENDPOINTS: Array<[string, string]> = [
	['GET', '/resources/voices'],
	['GET', '/resources/avatars'],
	['POST', '/script/generate'],
	['POST', '/generation/start'],
	['GET', '/generation/status/run_x'],
	['POST', '/export/start'],
	['GET', '/export/status/export_x'],
];

describe('authentication', () => {
	it.each(ENDPOINTS)('%s %s without a key gives 401 invalid_api_key', async (method, path) => {
		const response = await call(sandbox, method, path, {
			key: null,
			...(method === 'POST' ? { body: {} } : {}),
		});
		expect(response.status).toBe(401);
		expect(response.body).toEqual({
			error: expect.stringMatching(/^Missing or malformed Authorization header: use "Bearer <API_KEY>"\. /),
			code: 'invalid_api_key',
		});
		expect(keyNamedIn(response.body.error)).toBe(sandbox.keys.main);
	});

	it.each([
		['an unknown key', { Authorization: 'Bearer not_a_real_key' }],
		['a Basic header', { Authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` }],
		['a bare key without Bearer', { Authorization: 'sandbox_main_key' }],
		['Bearer without a token', { Authorization: 'Bearer ' }],
		['a token with spaces', { Authorization: 'Bearer sandbox_main_key extra' }],
	])('rejects %s with 401 invalid_api_key', async (_label, headers) => {
		const response = await call(sandbox, 'GET', '/resources/voices', { key: null, headers });
		expect(response.status).toBe(401);
		expect(response.body.code).toBe('invalid_api_key');
		expect(keyNamedIn(response.body.error)).toBe(sandbox.keys.main);
	});

	it("names in an unknown key's 401 the demo credential's key, which opens the sandbox", async () => {
		const rejected = await get(sandbox, '/resources/voices', { key: 'sandbox_mian_key' });
		expect(rejected.body.error).toBe(
			`Invalid API key. The local sandbox accepts the key ${sandbox.keys.main} (see the banner printed by npm start).`,
		);
		const named = keyNamedIn(rejected.body.error);
		const accepted = await get(sandbox, '/resources/voices', { key: named ?? null });
		expect(accepted.status).toBe(200);
	});

	it('accepts the scheme in any case', async () => {
		const response = await call(sandbox, 'GET', '/resources/voices', {
			key: null,
			headers: { Authorization: `bearer ${sandbox.keys.main}` },
		});
		expect(response.status).toBe(200);
	});

	it.each(ENDPOINTS)(
		'%s %s with a Start-plan key gives 403 plan_required',
		async (method, path) => {
			const response = await call(sandbox, method, path, {
				key: sandbox.keys.starter,
				...(method === 'POST' ? { body: {} } : {}),
			});
			expect(response.status).toBe(403);
			expect(response.body).toEqual({ error: expect.any(String), code: 'plan_required' });
		},
	);

	it('records the key of each request', async () => {
		sandbox.clearLog();
		await get(sandbox, '/resources/avatars', { key: sandbox.keys.other });
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			listener: 'api',
			apiKey: sandbox.keys.other,
			authorization: `Bearer ${sandbox.keys.other}`,
			status: 200,
		});
	});
});

describe('space isolation', () => {
	it("gives 403 UNAUTHORIZED_JOB for another space's generation and export jobs", async () => {
		const start = await post(sandbox, '/generation/start', { prompt: 'Isolation', duration: 30 });
		const other = await get(sandbox, `/generation/status/${start.body.job_id}`, {
			key: sandbox.keys.other,
		});
		expect(other.status).toBe(403);
		expect(other.body).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED_JOB' });

		const exportStart = await post(sandbox, '/export/start', {
			video_id: sandbox.dashboardVideoIds.main,
		});
		const otherExport = await get(sandbox, `/export/status/${exportStart.body.job_id}`, {
			key: sandbox.keys.other,
		});
		expect(otherExport.status).toBe(403);
		expect(otherExport.body.code).toBe('UNAUTHORIZED_JOB');

		const own = await get(sandbox, `/export/status/${exportStart.body.job_id}`);
		expect(own.status).toBe(200);
	});

	it("gives 403 UNAUTHORIZED_VIDEO when exporting another space's video", async () => {
		const videoId = await generateVideo(sandbox, { prompt: 'Mine', duration: 30 });
		const response = await post(
			sandbox,
			'/export/start',
			{ video_id: videoId },
			{ key: sandbox.keys.other },
		);
		expect(response.status).toBe(403);
		expect(response.body).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED_VIDEO' });
		const dashboard = await post(sandbox, '/export/start', {
			video_id: sandbox.dashboardVideoIds.other,
		});
		expect(dashboard.body.code).toBe('UNAUTHORIZED_VIDEO');
	});

	it("lists each space's custom voices and avatars only to that space", async () => {
		const voicesA = (await get(sandbox, '/resources/voices')).body.map(
			(voice: { id: string }) => voice.id,
		);
		const voicesB = (await get(sandbox, '/resources/voices', { key: sandbox.keys.other })).body.map(
			(voice: { id: string }) => voice.id,
		);
		expect(voicesA).toContain('voice_custom_brand_a');
		expect(voicesA).not.toContain('voice_custom_founder_b');
		expect(voicesB).toContain('voice_custom_founder_b');
		expect(voicesB).not.toContain('voice_custom_brand_a');

		const avatarsB = (
			await get(sandbox, '/resources/avatars', { key: sandbox.keys.other })
		).body.map((avatar: { id: string }) => avatar.id);
		expect(avatarsB).toContain('av_custom_trainer_b');
		expect(avatarsB).not.toContain('av_custom_ceo_a');
	});

	it("rejects another space's custom voice and avatar at generation start", async () => {
		const voice = await post(
			sandbox,
			'/generation/start',
			{ script: 'Hello there', voice_id: 'voice_custom_brand_a' },
			{ key: sandbox.keys.other },
		);
		expect(voice.status).toBe(400);
		expect(voice.body.code).toBe('INVALID_VOICE_ID');
		const avatar = await post(
			sandbox,
			'/generation/start',
			{ prompt: 'Hi', duration: 20, avatar_id: 'av_custom_ceo_a' },
			{ key: sandbox.keys.other },
		);
		expect(avatar.status).toBe(400);
		expect(avatar.body.code).toBe('INVALID_AVATAR_ID');
	});

	it('keeps balances per space', async () => {
		const before = {
			main: sandbox.getCredits(sandbox.keys.main),
			other: sandbox.getCredits(sandbox.keys.other),
		};
		await post(
			sandbox,
			'/generation/start',
			{ prompt: 'Billing', duration: 60 },
			{ key: sandbox.keys.other },
		);
		expect(sandbox.getCredits(sandbox.keys.other)).toBe(before.other - 10);
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before.main);
	});
});
