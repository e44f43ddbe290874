import { failMarker, GENERATION_FAILURE_CODES, startSandbox, type Sandbox } from './index';
import { get, post, sleep, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ timings: { generationMs: 150, exportMs: 150 } });
});
afterAll(() => sandbox.close());
afterEach(() =>
	sandbox.configure({
		timings: { generationMs: 150, referenceSeconds: 0 },
		failureRate: 0,
		startStatus: 200,
	}),
);

const single = (code: string) => ({ error: expect.any(String), code });
const validation = (code: string, field: string) => ({
	error: 'Validation failed',
	details: [{ code, message: expect.any(String), field }],
});

describe('Job times in proportion to the video', () => {
	it('with referenceSeconds, a 120-second video is still generating when a 15-second one has finished', async () => {
		sandbox.configure({ timings: { generationMs: 400, referenceSeconds: 15 } });
		const long = await post(sandbox, '/generation/start', { prompt: 'Long', duration: 120 });
		const short = await post(sandbox, '/generation/start', { prompt: 'Short', duration: 15 });
		expect((await waitForJob(sandbox, 'generation', short.body.job_id)).status).toBe('completed');
		const longNow = await get(sandbox, `/generation/status/${long.body.job_id}`);
		expect(longNow.body.status).not.toBe('completed');
	});
});

describe('POST /generation/start', () => {
	it('answers with the job id, pending status and estimated credits, and takes the credits', async () => {
		const before = sandbox.getCredits(sandbox.keys.main);
		const response = await post(sandbox, '/generation/start', {
			prompt: 'Morning routine',
			duration: 60,
		});
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			job_id: expect.stringMatching(/^run_[0-9a-f]+$/),
			status: 'pending',
			estimated_credits: 10,
		});
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 10);
	});

	it('can answer 201 instead of 200', async () => {
		sandbox.configure({ startStatus: 201 });
		const response = await post(sandbox, '/generation/start', { prompt: 'Created', duration: 30 });
		expect(response.status).toBe(201);
		expect(response.body.status).toBe('pending');
	});

	it('estimates prompt videos from the requested duration and adds 5 per animated image', async () => {
		const estimate = async (body: Record<string, unknown>) =>
			(await post(sandbox, '/generation/start', body)).body.estimated_credits;
		expect(await estimate({ prompt: 'a', duration: 45 })).toBe(5);
		expect(await estimate({ prompt: 'a', duration: 46 })).toBe(10);
		expect(await estimate({ prompt: 'a', duration: 600 })).toBe(100);
		expect(
			await estimate({ prompt: 'a', duration: 60, animate_image: true, animate_image_max: 2 }),
		).toBe(20);
		expect(await estimate({ prompt: 'a', duration: 60, animate_image: true })).toBe(25);
		expect(await estimate({ prompt: 'a', duration: 60, animate_image_max: 4 })).toBe(10);
	});

	it('times a script-based video from its word count (150 words per minute)', async () => {
		const script = 'word '.repeat(200);
		const start = await post(sandbox, '/generation/start', {
			script,
			voice_id: 'voice_olivia_en_us',
		});
		expect(start.body.estimated_credits).toBe(15);
		const final = await waitForJob(sandbox, 'generation', start.body.job_id);
		expect(final.result.duration).toBe(80);
		expect(final.result.cost).toBe(15);
	});

	it('makes media-only videos 30 seconds long', async () => {
		const start = await post(sandbox, '/generation/start', {
			voice_url: 'https://cdn.example.com/voice.MP3?sig=1',
		});
		expect(start.status).toBe(200);
		const final = await waitForJob(sandbox, 'generation', start.body.job_id);
		expect(final.result.duration).toBe(30);
	});

	it('accepts the observed extra fields and ignores unknown ones', async () => {
		const response = await post(sandbox, '/generation/start', {
			prompt: 'Everything',
			duration: 30,
			voice_id: 'voice_olivia_en_us',
			avatar_id: 'av_emma_office',
			format: 'custom',
			width: 5000,
			height: 5000,
			web_search: { script: true, images: false, future_key: 1 },
			animate_image: false,
			media_urls: ['https://example.com/a.jpg', 'https://example.com/b.mp4'],
			web_urls: Array.from({ length: 10 }, (_, index) => `https://example.com/${index}`),
			animate_mode: 'pro',
			animate_image_max: 0,
			use_space_media: false,
			save_to_space: true,
			something_new: { nested: true },
			webhook_url: 'http://127.0.0.1:9/unused',
		});
		expect(response.status).toBe(200);
	});

	it('treats null fields as absent', async () => {
		const response = await post(sandbox, '/generation/start', {
			prompt: 'Nulls',
			duration: 30,
			voice_id: null,
			format: null,
			webhook_url: null,
		});
		expect(response.status).toBe(200);
	});

	describe('errors', () => {
		it.each([
			['no content at all', {}, 400, single('MISSING_CONTENT')],
			[
				'only empty content',
				{ prompt: '', script: '', voice_id: 'voice_olivia_en_us' },
				400,
				single('MISSING_CONTENT'),
			],
			['a prompt without duration', { prompt: 'x' }, 400, validation('MISSING_FIELD', 'duration')],
			['a script without voice', { script: 'Hello world' }, 400, single('MISSING_VOICE')],
			[
				'an unknown voice_id',
				{ script: 'Hello', voice_id: 'voice_nope' },
				400,
				single('INVALID_VOICE_ID'),
			],
			[
				'an unknown avatar_id',
				{ prompt: 'x', duration: 30, avatar_id: 'av_nope' },
				400,
				single('INVALID_AVATAR_ID'),
			],
			[
				'an unknown format',
				{ prompt: 'x', duration: 30, format: 'portrait' },
				400,
				single('INVALID_FORMAT'),
			],
			['a numeric format', { prompt: 'x', duration: 30, format: 3 }, 400, single('INVALID_FORMAT')],
			[
				'a duration as text',
				{ prompt: 'x', duration: '30' },
				400,
				validation('INVALID_TYPE', 'duration'),
			],
			[
				'a duration under 10',
				{ prompt: 'x', duration: 9 },
				400,
				validation('INVALID_VALUE', 'duration'),
			],
			[
				'a duration over 600',
				{ prompt: 'x', duration: 601 },
				400,
				validation('INVALID_VALUE', 'duration'),
			],
			[
				'a width over 5000',
				{ prompt: 'x', duration: 30, format: 'custom', width: 5001 },
				400,
				validation('INVALID_VALUE', 'width'),
			],
			[
				'a fractional height',
				{ prompt: 'x', duration: 30, format: 'custom', height: 100.5 },
				400,
				validation('INVALID_VALUE', 'height'),
			],
			[
				'a voice file in another format',
				{ voice_url: 'https://example.com/voice.ogg' },
				400,
				validation('INVALID_VALUE', 'voice_url'),
			],
			[
				'a voice URL without extension',
				{ voice_url: 'https://example.com/voice' },
				400,
				validation('INVALID_VALUE', 'voice_url'),
			],
			[
				'an avatar URL that is not http',
				{ avatar_url: 'ftp://example.com/a.png' },
				400,
				validation('INVALID_VALUE', 'avatar_url'),
			],
			[
				'11 web URLs',
				{
					prompt: 'x',
					duration: 30,
					web_urls: Array.from({ length: 11 }, (_, i) => `https://e.com/${i}`),
				},
				400,
				validation('INVALID_VALUE', 'web_urls'),
			],
			[
				'media_urls as a string',
				{ prompt: 'x', duration: 30, media_urls: 'https://e.com/a.jpg' },
				400,
				validation('INVALID_TYPE', 'media_urls'),
			],
			[
				'an unknown animate_mode',
				{ prompt: 'x', duration: 30, animate_mode: 'ultra' },
				400,
				validation('INVALID_VALUE', 'animate_mode'),
			],
			[
				'animate_image as text',
				{ prompt: 'x', duration: 30, animate_image: 'true' },
				400,
				validation('INVALID_TYPE', 'animate_image'),
			],
			[
				'web_search as a boolean',
				{ prompt: 'x', duration: 30, web_search: true },
				400,
				validation('INVALID_TYPE', 'web_search'),
			],
			[
				'web_search.images as text',
				{ prompt: 'x', duration: 30, web_search: { images: 'yes' } },
				400,
				validation('INVALID_TYPE', 'web_search.images'),
			],
			[
				'a webhook URL that is not a URL',
				{ prompt: 'x', duration: 30, webhook_url: 'my-hook' },
				400,
				validation('INVALID_VALUE', 'webhook_url'),
			],
			['a numeric prompt', { prompt: 5, duration: 30 }, 400, validation('INVALID_TYPE', 'prompt')],
		])('rejects %s', async (_label, body, status, expected) => {
			const before = sandbox.getCredits(sandbox.keys.main);
			const response = await post(sandbox, '/generation/start', body);
			expect(response.status).toBe(status);
			expect(response.body).toEqual(expected);
			expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
		});

		it('lists every invalid field in one validation failure', async () => {
			const response = await post(sandbox, '/generation/start', {
				prompt: 'x',
				duration: 700,
				width: 0,
				animate_image: 1,
			});
			expect(response.status).toBe(400);
			expect(
				response.body.details
					.map((detail: { code: string; field: string }) => `${detail.code}:${detail.field}`)
					.sort(),
			).toEqual(['INVALID_TYPE:animate_image', 'INVALID_VALUE:duration', 'INVALID_VALUE:width']);
		});

		it('gives 402 INSUFFICIENT_CREDITS with required and available credits, and creates nothing', async () => {
			sandbox.clearLog();
			const response = await post(
				sandbox,
				'/generation/start',
				{ prompt: 'Too expensive', duration: 60 },
				{ key: sandbox.keys.poor },
			);
			expect(response.status).toBe(402);
			expect(response.body).toEqual(single('INSUFFICIENT_CREDITS'));
			expect(response.body.error).toMatch(/10 required, 1 available/);
			expect(sandbox.getCredits(sandbox.keys.poor)).toBe(1);
		});

		it('gives 404 JOB_NOT_FOUND for unknown ids and for export ids', async () => {
			expect((await get(sandbox, '/generation/status/run_doesnotexist')).body).toEqual(
				single('JOB_NOT_FOUND'),
			);
			const exportStart = await post(sandbox, '/export/start', {
				video_id: sandbox.dashboardVideoIds.main,
			});
			const response = await get(sandbox, `/generation/status/${exportStart.body.job_id}`);
			expect(response.status).toBe(404);
			expect(response.body.code).toBe('JOB_NOT_FOUND');
		});
	});
});

describe('GET /generation/status/{jobId}', () => {
	it('goes pending -> processing (VOICE_GENERATION, REDIRECTING) -> completed with a result', async () => {
		sandbox.configure({ timings: { generationMs: 3000 } });
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Timeline',
			duration: 40,
			avatar_id: 'av_liam_office',
		});
		const seen: Array<{ status: string; progress_step: number; current_step: string }> = [];
		let body;
		do {
			body = (await get(sandbox, `/generation/status/${start.body.job_id}`)).body;
			seen.push(body);
			await sleep(25);
		} while (body.status !== 'completed');

		expect(seen[0]).toEqual({
			job_id: start.body.job_id,
			status: 'pending',
			progress_step: 0,
			current_step: 'QUEUE',
		});
		const processing = seen.filter((entry) => entry.status === 'processing');
		expect(processing.map((entry) => entry.current_step)).toEqual(
			expect.arrayContaining(['VOICE_GENERATION', 'REDIRECTING']),
		);
		for (const entry of processing) {
			expect(entry.progress_step).toBeGreaterThan(0);
			expect(entry.progress_step).toBeLessThan(100);
		}
		const progress = seen.map((entry) => entry.progress_step);
		expect(progress).toEqual([...progress].sort((a, b) => a - b));
		const statuses = [...new Set(seen.map((entry) => entry.status))];
		expect(statuses).toEqual(['pending', 'processing', 'completed']);

		expect(body).toEqual({
			job_id: start.body.job_id,
			status: 'completed',
			progress_step: 100,
			current_step: 'REDIRECTING',
			result: {
				video_id: expect.stringMatching(/^vid_[0-9a-f]+$/),
				duration: 40,
				cost: 5,
				created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
				thumbnail_url: expect.stringContaining(`${sandbox.storageUrl}/thumbnails/`),
			},
		});
	});

	it('fails with the marker code at 60 %, keeps the progress reached, and refunds the credits', async () => {
		const before = sandbox.getCredits(sandbox.keys.main);
		const start = await post(sandbox, '/generation/start', {
			prompt: `Oops ${failMarker('VOICE_GENERATION_FAILED')}`,
			duration: 60,
		});
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 10);
		const final = await waitForJob(sandbox, 'generation', start.body.job_id);
		expect(final).toEqual({
			job_id: start.body.job_id,
			status: 'failed',
			progress_step: 60,
			current_step: 'VOICE_GENERATION',
			error: { code: 'VOICE_GENERATION_FAILED', message: expect.any(String) },
		});
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
	});

	it('honours a marker in the script too, verbatim even in lower case', async () => {
		const start = await post(sandbox, '/generation/start', {
			script: `Hello ${failMarker('insufficient_credits')}`,
			voice_id: 'voice_olivia_en_us',
		});
		const final = await waitForJob(sandbox, 'generation', start.body.job_id);
		expect(final.error.code).toBe('insufficient_credits');
	});

	it.each(GENERATION_FAILURE_CODES)('can fail with %s', async (code) => {
		const start = await post(sandbox, '/generation/start', {
			prompt: failMarker(code),
			duration: 10,
		});
		expect((await waitForJob(sandbox, 'generation', start.body.job_id)).error.code).toBe(code);
	});
});

describe('random failures', () => {
	async function outcomes(seed: number): Promise<string[]> {
		const seeded = await startSandbox({ timings: { generationMs: 50 }, failureRate: 0.5, seed });
		try {
			const jobIds: string[] = [];
			for (let index = 0; index < 12; index += 1) {
				jobIds.push(
					(await post(seeded, '/generation/start', { prompt: `Job ${index}`, duration: 10 })).body
						.job_id,
				);
			}
			const finals = await Promise.all(
				jobIds.map((jobId) => waitForJob(seeded, 'generation', jobId)),
			);
			return finals.map((final) => (final.status === 'failed' ? final.error.code : 'completed'));
		} finally {
			await seeded.close();
		}
	}

	it('fails about the configured share of jobs with spec codes, replayably from the seed', async () => {
		const first = await outcomes(2024);
		expect(await outcomes(2024)).toEqual(first);
		const failed = first.filter((outcome) => outcome !== 'completed');
		expect(failed.length).toBeGreaterThan(0);
		expect(failed.length).toBeLessThan(12);
		for (const code of failed) expect(GENERATION_FAILURE_CODES).toContain(code);
		expect(await outcomes(7)).not.toEqual(first);
	});
});
