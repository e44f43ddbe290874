import { startSandbox, type Sandbox } from './index';
import { get, post, waitFor } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

describe('response styles', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({
			responseStyle: 'wrapped',
			startStatus: 201,
			timings: { generationMs: 50, exportMs: 50 },
		});
	});
	afterAll(() => sandbox.close());

	it('wraps lists under their resource name', async () => {
		const voices = await get(sandbox, '/resources/voices?language=it');
		expect(Object.keys(voices.body)).toEqual(['voices']);
		expect(voices.body.voices.length).toBeGreaterThan(0);
		const avatars = await get(sandbox, '/resources/avatars');
		expect(Object.keys(avatars.body)).toEqual(['avatars']);
		expect(avatars.body.avatars[0]).toHaveProperty('model_available');
	});

	it('wraps objects in data, with 201 on start endpoints', async () => {
		const script = await post(sandbox, '/script/generate', { prompt: 'Wrapped' });
		expect(script.status).toBe(200);
		expect(script.body).toEqual({
			data: { script: expect.any(String), cost: 0.1, extractedImages: [] },
		});

		const start = await post(sandbox, '/generation/start', { prompt: 'Wrapped', duration: 30 });
		expect(start.status).toBe(201);
		expect(start.body).toEqual({
			data: { job_id: expect.any(String), status: 'pending', estimated_credits: 5 },
		});

		const completed = await waitFor(async () => {
			const status = await get(sandbox, `/generation/status/${start.body.data.job_id}`);
			return status.body.data.status === 'completed' ? status.body : undefined;
		});
		expect(completed.data.result.video_id).toMatch(/^vid_/);

		const exportStart = await post(sandbox, '/export/start', {
			video_id: completed.data.result.video_id,
		});
		expect(exportStart.status).toBe(201);
		expect(exportStart.body.data.estimated_credits).toBe(0);
		const exportStatus = await get(sandbox, `/export/status/${exportStart.body.data.job_id}`);
		expect(exportStatus.body.data.job_id).toBe(exportStart.body.data.job_id);
	});

	it('never wraps errors', async () => {
		expect((await post(sandbox, '/generation/start', {})).body).toEqual({
			error: expect.any(String),
			code: 'MISSING_CONTENT',
		});
		expect((await post(sandbox, '/script/generate', {})).body.details[0].code).toBe(
			'MISSING_FIELD',
		);
	});

	it('switches back to bare at runtime', async () => {
		sandbox.configure({ responseStyle: 'bare', startStatus: 200 });
		expect(Array.isArray((await get(sandbox, '/resources/voices')).body)).toBe(true);
		const start = await post(sandbox, '/generation/start', { prompt: 'Bare', duration: 30 });
		expect(start.status).toBe(200);
		expect(start.body.job_id).toMatch(/^run_/);
	});
});
