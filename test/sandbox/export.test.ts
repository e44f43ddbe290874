import { EXPORT_FAILURE_CODES, exportFailMarker, startSandbox, type Sandbox } from './index';
import { completedExportBody, download, generateVideo, get, post, sleep, waitFor, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ timings: { generationMs: 100, exportMs: 100 } });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.configure({ timings: { generationMs: 100, exportMs: 100 } }));

const single = (code: string) => ({ error: expect.any(String), code });
const startExport = (body: Record<string, unknown>, key?: string) =>
	post(sandbox, '/export/start', body, key === undefined ? {} : { key });

describe('POST /export/start', () => {
	let plainVideo: string;
	let premiumAvatarVideo: string;
	let veoVideo: string;
	let standardOnlyVideo: string;

	beforeAll(async () => {
		[plainVideo, premiumAvatarVideo, veoVideo, standardOnlyVideo] = await Promise.all([
			generateVideo(sandbox, { prompt: 'No avatar', duration: 60 }),
			generateVideo(sandbox, { prompt: 'Presenter', duration: 40, avatar_id: 'av_emma_office' }),
			// 60 words at 150 words per minute: 24 s on screen, 3 segments of 8 s.
			generateVideo(sandbox, {
				script: 'word '.repeat(60),
				voice_id: 'voice_james_en_us',
				avatar_id: 'av_noah_street',
			}),
			generateVideo(sandbox, {
				prompt: 'Standard only',
				duration: 30,
				avatar_id: 'av_liam_outdoor',
			}),
		]);
	});

	it('answers with the job id, pending and 0 estimated credits for an API video', async () => {
		const response = await startExport({ video_id: plainVideo });
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			job_id: expect.stringMatching(/^export_[0-9a-f]+$/),
			status: 'pending',
			estimated_credits: 0,
		});
	});

	describe('reproduces the worked cost examples', () => {
		it('40 s premium avatar: 32', async () => {
			const before = sandbox.getCredits(sandbox.keys.main);
			const response = await startExport({ video_id: premiumAvatarVideo, avatar_model: 'premium' });
			expect(response.body.estimated_credits).toBe(32);
			expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 32);
			const final = await waitForJob(sandbox, 'export', response.body.job_id);
			expect(final.result.cost).toBe(32);
		});

		it('3 segments of veo-3-fast: 55.2', async () => {
			expect(
				(await startExport({ video_id: veoVideo, avatar_model: 'veo-3-fast' })).body
					.estimated_credits,
			).toBe(55.2);
		});

		it('60 s high-resolution API video: 5', async () => {
			expect(
				(await startExport({ video_id: plainVideo, format: 'custom', width: 3840, height: 2160 }))
					.body.estimated_credits,
			).toBe(5);
		});

		it('90 s dashboard video, high resolution, 60 s premium avatar: 70.5', async () => {
			const before = sandbox.getCredits(sandbox.keys.main);
			const response = await startExport({
				video_id: sandbox.dashboardVideoIds.main,
				format: 'custom',
				width: 2560,
				height: 1440,
				avatar_model: 'premium',
			});
			expect(response.body.estimated_credits).toBe(70.5);
			expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 70.5);
		});
	});

	it('bills the base export of a dashboard video and picks standard by default', async () => {
		expect(
			(await startExport({ video_id: sandbox.dashboardVideoIds.main })).body.estimated_credits,
		).toBe(15);
		expect(
			(await startExport({ video_id: sandbox.dashboardVideoIds.main, avatar_model: 'veo-3' })).body
				.estimated_credits,
		).toBe(15 + 8 * 8 * 5);
	});

	it('uses premium by default when the avatar has no standard model', async () => {
		expect((await startExport({ video_id: veoVideo })).body.estimated_credits).toBe(
			roundTo(24 * 0.8),
		);
	});

	it('ignores width and height unless the format is custom, and treats vertical 1080x1920 as standard resolution', async () => {
		expect(
			(await startExport({ video_id: plainVideo, format: 'horizontal', width: 4000, height: 4000 }))
				.body.estimated_credits,
		).toBe(0);
		expect(
			(await startExport({ video_id: plainVideo, format: 'vertical' })).body.estimated_credits,
		).toBe(0);
		expect(
			(await startExport({ video_id: plainVideo, format: 'custom' })).body.estimated_credits,
		).toBe(0);
	});

	describe('errors', () => {
		it('MISSING_VIDEO_ID (400) when video_id is absent or empty', async () => {
			for (const body of [{}, { video_id: '' }, { video_id: null }]) {
				const response = await startExport(body);
				expect(response.status).toBe(400);
				expect(response.body).toEqual(single('MISSING_VIDEO_ID'));
			}
		});

		it('VIDEO_NOT_FOUND (404) for an unknown video', async () => {
			const response = await startExport({ video_id: 'vid_unknown' });
			expect(response.status).toBe(404);
			expect(response.body).toEqual(single('VIDEO_NOT_FOUND'));
		});

		it('VIDEO_NOT_READY (400) while the generation is still running, and after it failed', async () => {
			sandbox.configure({ timings: { generationMs: 5000 } });
			const start = await post(sandbox, '/generation/start', { prompt: 'Slow', duration: 30 });
			// The video id shares the generation job's suffix: run_<id> makes vid_<id>.
			const videoId = start.body.job_id.replace(/^run_/, 'vid_');
			const response = await startExport({ video_id: videoId });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(single('VIDEO_NOT_READY'));

			sandbox.configure({ timings: { generationMs: 50 } });
			const failing = await post(sandbox, '/generation/start', {
				prompt: '[sandbox:fail=ASSEMBLY_FAILED]',
				duration: 30,
			});
			await waitForJob(sandbox, 'generation', failing.body.job_id);
			const afterFailure = await startExport({
				video_id: failing.body.job_id.replace(/^run_/, 'vid_'),
			});
			expect(afterFailure.body.code).toBe('VIDEO_NOT_READY');
		});

		it('UNAUTHORIZED_VIDEO (403) for a video of another space', async () => {
			const response = await startExport({ video_id: plainVideo }, sandbox.keys.other);
			expect(response.status).toBe(403);
			expect(response.body).toEqual(single('UNAUTHORIZED_VIDEO'));
		});

		it('INVALID_AVATAR_MODEL (400) for a model that does not exist', async () => {
			const response = await startExport({ video_id: premiumAvatarVideo, avatar_model: 'hyper' });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(single('INVALID_AVATAR_MODEL'));
		});

		it("INCOMPATIBLE_AVATAR_MODEL (400) for a model outside the avatar's model_available", async () => {
			const response = await startExport({ video_id: standardOnlyVideo, avatar_model: 'premium' });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(single('INCOMPATIBLE_AVATAR_MODEL'));
			expect(response.body.error).toContain('standard');
		});

		it('INVALID_PARAMETER (400) for avatar_model on a video without avatar', async () => {
			const response = await startExport({ video_id: plainVideo, avatar_model: 'standard' });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(single('INVALID_PARAMETER'));
		});

		it('INVALID_FORMAT (400) for an unknown export format', async () => {
			const response = await startExport({ video_id: plainVideo, format: '4k' });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(single('INVALID_FORMAT'));
		});

		it('validation failures for wrong types and sizes', async () => {
			const response = await startExport({ video_id: 12, width: 6000, height: 'tall' });
			expect(response.status).toBe(400);
			expect(response.body.error).toBe('Validation failed');
			expect(
				response.body.details
					.map((detail: { code: string; field: string }) => `${detail.code}:${detail.field}`)
					.sort(),
			).toEqual(['INVALID_TYPE:height', 'INVALID_TYPE:video_id', 'INVALID_VALUE:width']);
		});

		it('INSUFFICIENT_CREDITS (402) for a dashboard video, spending nothing', async () => {
			const response = await startExport(
				{ video_id: sandbox.dashboardVideoIds.poor },
				sandbox.keys.poor,
			);
			expect(response.status).toBe(402);
			expect(response.body).toEqual(single('INSUFFICIENT_CREDITS'));
			expect(response.body.error).toMatch(/15 required, 1 available/);
			expect(sandbox.getCredits(sandbox.keys.poor)).toBe(1);
		});

		it('never refuses an API video export for credits (the spec limits the 402 to dashboard videos)', async () => {
			sandbox.setCredits(sandbox.keys.main, 0);
			try {
				const response = await startExport({
					video_id: premiumAvatarVideo,
					avatar_model: 'premium',
				});
				expect(response.status).toBe(200);
				expect(sandbox.getCredits(sandbox.keys.main)).toBe(-32);
			} finally {
				sandbox.setCredits(sandbox.keys.main, 1000);
			}
		});
	});
});

describe('GET /export/status/{jobId}', () => {
	it('walks render-audio, avatar, render for an avatar video, then completes with a downloadable result', async () => {
		const videoId = await generateVideo(sandbox, {
			prompt: 'Steps',
			duration: 20,
			avatar_id: 'av_emma_office',
		});
		sandbox.configure({ timings: { exportMs: 3000 } });
		const start = await startExport({ video_id: videoId });
		const seen: Array<{ status: string; current_step: string; progress: number }> = [];
		let body;
		do {
			body = (await get(sandbox, `/export/status/${start.body.job_id}`)).body;
			seen.push(body);
			await sleep(20);
		} while (body.status !== 'completed');
		expect(seen[0]).toMatchObject({ status: 'pending', progress: 0 });
		const steps = [
			...new Set(
				seen.filter((entry) => entry.status === 'processing').map((entry) => entry.current_step),
			),
		];
		expect(steps).toEqual(['render-audio', 'avatar', 'render']);
		expect(body).toEqual(completedExportBody(sandbox, start.body.job_id, 0));
		const file = await download(body.result.video_url);
		expect(file.status).toBe(200);
		expect(file.bytes.toString('latin1', 4, 8)).toBe('ftyp');
	});

	it('only renders for a video without avatar', async () => {
		const videoId = await generateVideo(sandbox, { prompt: 'Plain', duration: 20 });
		sandbox.configure({ timings: { exportMs: 1000 } });
		const start = await startExport({ video_id: videoId });
		const processing = await waitFor(async () => {
			const body = (await get(sandbox, `/export/status/${start.body.job_id}`)).body;
			return body.status === 'pending' ? undefined : body;
		});
		expect(processing).toMatchObject({ status: 'processing', current_step: 'render' });
	});

	it.each(EXPORT_FAILURE_CODES)(
		'fails with %s from the export-fail marker and refunds',
		async (code) => {
			const videoId = await generateVideo(sandbox, {
				prompt: `Video ${exportFailMarker(code)}`,
				duration: 30,
			});
			const before = sandbox.getCredits(sandbox.keys.main);
			const start = await startExport({
				video_id: videoId,
				format: 'custom',
				width: 3840,
				height: 2160,
			});
			expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 2.5);
			const final = await waitForJob(sandbox, 'export', start.body.job_id);
			expect(final).toMatchObject({
				status: 'failed',
				progress: 60,
				error: { code, message: expect.any(String) },
			});
			expect(final.result).toBeUndefined();
			expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
			expect((await download(`${sandbox.storageUrl}/videos/${start.body.job_id}.mp4`)).status).toBe(
				404,
			);
		},
	);

	it('gives 404 JOB_NOT_FOUND for unknown ids and generation ids, 403 UNAUTHORIZED_JOB across spaces', async () => {
		expect((await get(sandbox, '/export/status/export_nope')).body).toEqual(
			single('JOB_NOT_FOUND'),
		);
		const generation = await post(sandbox, '/generation/start', { prompt: 'x', duration: 10 });
		expect((await get(sandbox, `/export/status/${generation.body.job_id}`)).status).toBe(404);
		const own = await startExport(
			{ video_id: sandbox.dashboardVideoIds.other },
			sandbox.keys.other,
		);
		const response = await get(sandbox, `/export/status/${own.body.job_id}`);
		expect(response.status).toBe(403);
		expect(response.body).toEqual(single('UNAUTHORIZED_JOB'));
	});
});

function roundTo(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}
