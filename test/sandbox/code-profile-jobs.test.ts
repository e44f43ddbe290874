import { exportFailMarker, exportNoResultMarker, failMarker, startSandbox, type Sandbox } from './index';
import { completedExportBody, generateVideo, get, post, sleep, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

const FAST = { generationMs: 100, exportMs: 100 };

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ profile: 'code', timings: FAST });
});
afterEach(() => sandbox.configure({ timings: FAST, failureRate: 0 }));
afterAll(() => sandbox.close());

interface Read {
	status: string;
	current_step: string | null;
	progress: number;
}

type Body = Awaited<ReturnType<typeof get>>['body'];

/** Reads a job's status until it ends; returns every read and the final body. */
async function watch(kind: 'generation' | 'export', jobId: string): Promise<{ reads: Read[]; final: Body }> {
	const reads: Read[] = [];
	for (;;) {
		const { body } = await get(sandbox, `/${kind}/status/${jobId}`);
		reads.push({
			status: body.status,
			current_step: body.current_step,
			progress: kind === 'generation' ? body.progress_step : body.progress,
		});
		if (body.status === 'completed' || body.status === 'failed') return { reads, final: body };
		await sleep(10);
	}
}

function voiceProgress(reads: Read[]): number[] {
	return reads
		.filter((read) => read.status === 'processing' && read.current_step === 'VOICE_GENERATION')
		.map((read) => read.progress);
}

/** Consecutive reads of the same status count once. */
function statusRuns(reads: Read[]): string[] {
	return reads.map((read) => read.status).filter((status, index, all) => status !== all[index - 1]);
}

describe("profile 'code': job statuses", () => {
	it('walks a generation from no step, back to pending once, with progress per step, to 20 at REDIRECTING', async () => {
		sandbox.configure({ timings: { generationMs: 2000 } });
		const start = await post(sandbox, '/generation/start', { prompt: 'Steps', duration: 30 });
		const { reads, final } = await watch('generation', start.body.job_id);

		expect(reads[0]).toEqual({ status: 'pending', current_step: null, progress: 0 });
		expect(statusRuns(reads)).toEqual(['pending', 'processing', 'pending', 'processing', 'completed']);
		const requeued = reads.findIndex(
			(read, index) => read.status === 'pending' && reads[index - 1]?.status === 'processing',
		);
		const before = voiceProgress(reads.slice(0, requeued));
		const after = voiceProgress(reads.slice(requeued));
		// The step starts over after the trip back to pending, and its progress with it.
		expect(Math.max(...before)).toBeGreaterThan(Math.min(...after));
		const redirecting = reads.filter((read) => read.current_step === 'REDIRECTING');
		expect(redirecting.length).toBeGreaterThan(0);
		expect(redirecting.every((read) => read.progress === 20)).toBe(true);
		expect(Math.max(...after)).toBeGreaterThan(20);

		expect(final).toEqual({
			job_id: start.body.job_id,
			status: 'completed',
			progress_step: 20,
			current_step: 'REDIRECTING',
			result: { video_id: expect.any(String), cost: 5, created_at: expect.any(String) },
		});
	});

	it('walks an export from no step, back to pending once, to a completed result', async () => {
		const videoId = await generateVideo(sandbox, { prompt: 'To export', duration: 30 });
		sandbox.configure({ timings: { exportMs: 2000 } });
		const start = await post(sandbox, '/export/start', { video_id: videoId });
		const { reads, final } = await watch('export', start.body.job_id);

		expect(reads[0]).toEqual({ status: 'pending', current_step: null, progress: 0 });
		expect(statusRuns(reads)).toEqual(['pending', 'processing', 'pending', 'processing', 'completed']);
		expect(final).toEqual(completedExportBody(sandbox, start.body.job_id, 0));
	});

	it(`completes the exports of a video made with ${exportNoResultMarker()} without a result`, async () => {
		const videoId = await generateVideo(sandbox, { prompt: `No URL ${exportNoResultMarker()}`, duration: 30 });
		const start = await post(sandbox, '/export/start', { video_id: videoId });
		const final = await waitForJob(sandbox, 'export', start.body.job_id);
		expect(final).toEqual({ job_id: start.body.job_id, status: 'completed', progress: 100, current_step: 'render' });
	});

	it('reports every failure as GENERATION_FAILED or EXPORT_FAILED, whatever code the marker names', async () => {
		const failing = await post(sandbox, '/generation/start', {
			prompt: failMarker('VOICE_GENERATION_FAILED'),
			duration: 30,
		});
		const videoId = await generateVideo(sandbox, { prompt: exportFailMarker('ENCODING_FAILED'), duration: 30 });
		const exported = await post(sandbox, '/export/start', { video_id: videoId });
		expect((await waitForJob(sandbox, 'generation', failing.body.job_id)).error).toEqual({
			code: 'GENERATION_FAILED',
			message: expect.any(String),
		});
		expect((await waitForJob(sandbox, 'export', exported.body.job_id)).error).toEqual({
			code: 'EXPORT_FAILED',
			message: expect.any(String),
		});
	});

	it('draws no other code when failureRate dooms jobs', async () => {
		sandbox.configure({ failureRate: 1 });
		const starts = await Promise.all(
			[1, 2, 3, 4].map(() => post(sandbox, '/generation/start', { prompt: 'Doomed', duration: 30 })),
		);
		const finals = await Promise.all(starts.map((start) => waitForJob(sandbox, 'generation', start.body.job_id)));
		expect(finals.map((final) => final.error.code)).toEqual([
			'GENERATION_FAILED',
			'GENERATION_FAILED',
			'GENERATION_FAILED',
			'GENERATION_FAILED',
		]);
	});
});

describe("profile 'code': ids and look-ups", () => {
	let generationJobId: string;
	let videoId: string;
	let exportJobId: string;

	beforeAll(async () => {
		const start = await post(sandbox, '/generation/start', { prompt: 'Ids', duration: 30 });
		generationJobId = start.body.job_id;
		videoId = (await waitForJob(sandbox, 'generation', generationJobId)).result.video_id;
		exportJobId = (await post(sandbox, '/export/start', { video_id: videoId })).body.job_id;
		await waitForJob(sandbox, 'export', exportJobId);
	});

	it('names videos with 24 hexadecimal characters and both job kinds run_…', () => {
		expect(videoId).toMatch(/^[0-9a-f]{24}$/);
		expect(generationJobId).toMatch(/^run_[0-9a-f]+$/);
		expect(exportJobId).toMatch(/^run_[0-9a-f]+$/);
		expect(sandbox.dashboardVideoIds.main).toMatch(/^[0-9a-f]{24}$/);
	});

	it('answers an unknown id with 500 on the export route and 404 on the generation route', async () => {
		const exportRoute = await get(sandbox, '/export/status/run_000000000000');
		expect(exportRoute.status).toBe(500);
		expect(exportRoute.body).toEqual({
			error: expect.any(String),
			details: [{ code: 'internal_error', message: expect.any(String) }],
		});
		const generationRoute = await get(sandbox, '/generation/status/run_000000000000');
		expect(generationRoute.status).toBe(404);
		expect(generationRoute.body.details[0].code).toBe('job_not_found');
	});

	it('answers 500 to an export start whose video id is not 24 hexadecimal characters, 404 to an unknown one that is', async () => {
		for (const badId of ['vid_dashboard_a', `${videoId}0`, 'z'.repeat(24)]) {
			const response = await post(sandbox, '/export/start', { video_id: badId });
			expect(response.status).toBe(500);
			expect(response.body.details[0].code).toBe('internal_error');
		}
		const unknown = await post(sandbox, '/export/start', { video_id: 'f'.repeat(24) });
		expect(unknown.status).toBe(404);
		expect(unknown.body.details[0].code).toBe('VIDEO_NOT_FOUND');
	});

	it('answers either kind of job on either status route, in the shape of its own kind', async () => {
		const generationOnExportRoute = await get(sandbox, `/export/status/${generationJobId}`);
		expect(generationOnExportRoute.status).toBe(200);
		expect(generationOnExportRoute.body).toEqual({
			job_id: generationJobId,
			status: 'completed',
			progress_step: 20,
			current_step: 'REDIRECTING',
			result: { video_id: videoId, cost: 5, created_at: expect.any(String) },
		});
		const exportOnGenerationRoute = await get(sandbox, `/generation/status/${exportJobId}`);
		expect(exportOnGenerationRoute.status).toBe(200);
		expect(exportOnGenerationRoute.body).toMatchObject({
			job_id: exportJobId,
			status: 'completed',
			progress: 100,
			result: { video_url: expect.stringContaining(exportJobId) },
		});
	});

	it("still refuses another space's job on either route", async () => {
		for (const path of [`/export/status/${generationJobId}`, `/generation/status/${exportJobId}`]) {
			const response = await get(sandbox, path, { key: sandbox.keys.other });
			expect(response.status).toBe(403);
			expect(response.body.details[0].code).toBe('unauthorized_job');
		}
	});
});
