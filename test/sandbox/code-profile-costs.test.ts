import { failMarker, startSandbox, type Sandbox } from './index';
import { generateVideo, post, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
let main: string;
beforeAll(async () => {
	sandbox = await startSandbox({ profile: 'code', timings: { generationMs: 200, exportMs: 200 } });
	main = sandbox.keys.main;
});
afterEach(() => sandbox.configure({ initialCredits: 1000 }));
afterAll(() => sandbox.close());

const balance = () => sandbox.getCredits(main);

describe("profile 'code': generation costs", () => {
	it('rounds up to 10 s, takes 10 s off, and bills 5 per started 30 s, at least 5', async () => {
		const estimates: Record<number, number> = {};
		const jobIds: string[] = [];
		for (const duration of [10, 40, 41, 45, 70, 71, 100, 101]) {
			const start = await post(sandbox, '/generation/start', { prompt: 'Price', duration });
			estimates[duration] = start.body.estimated_credits;
			jobIds.push(start.body.job_id);
		}
		expect(estimates).toEqual({ 10: 5, 40: 5, 41: 10, 45: 10, 70: 10, 71: 15, 100: 15, 101: 20 });
		// They are debited when they end: let them end before the next test sets the balance.
		await Promise.all(jobIds.map((jobId) => waitForJob(sandbox, 'generation', jobId)));
	});

	it('debits a generation when it ends, not when it starts', async () => {
		sandbox.setCredits(main, 100);
		const start = await post(sandbox, '/generation/start', { prompt: 'Later', duration: 41 });
		expect(start.body.estimated_credits).toBe(10);
		expect(balance()).toBe(100);
		const final = await waitForJob(sandbox, 'generation', start.body.job_id);
		expect(final.result.cost).toBe(10);
		expect(balance()).toBe(90);
	});

	it('takes nothing for a failed generation', async () => {
		sandbox.setCredits(main, 100);
		const start = await post(sandbox, '/generation/start', {
			prompt: failMarker('GENERATION_FAILED'),
			duration: 30,
		});
		expect(balance()).toBe(100);
		expect((await waitForJob(sandbox, 'generation', start.body.job_id)).status).toBe('failed');
		expect(balance()).toBe(100);
	});

	it('still refuses a start the balance cannot cover', async () => {
		sandbox.setCredits(main, 4);
		const start = await post(sandbox, '/generation/start', { prompt: 'Too dear', duration: 30 });
		expect(start.status).toBe(402);
		expect(start.body.details[0].code).toBe('insufficient_credits');
	});
});

describe("profile 'code': export costs", () => {
	let apiVideo: string;
	let premiumVideo: string;
	beforeAll(async () => {
		[apiVideo, premiumVideo] = await Promise.all([
			generateVideo(sandbox, { prompt: 'Plain', duration: 60 }),
			generateVideo(sandbox, { prompt: 'Custom look', duration: 40, avatar_id: 'av_custom_ceo_a' }),
		]);
	});

	const exportEstimate = async (body: Record<string, unknown>) =>
		(await post(sandbox, '/export/start', body)).body.estimated_credits as number;

	it('prices premium at 0.5 credits/s but never debits an export of an API-made video', async () => {
		const before = balance();
		const start = await post(sandbox, '/export/start', { video_id: premiumVideo, avatar_model: 'premium' });
		expect(start.body.estimated_credits).toBe(20);
		expect(balance()).toBe(before);
		const final = await waitForJob(sandbox, 'export', start.body.job_id);
		expect(final.result.cost).toBe(20);
		expect(balance()).toBe(before);
	});

	it('counts high resolution for custom frames only, wider than 1920 or taller than 1080', async () => {
		const custom = (width: number, height: number) =>
			exportEstimate({ video_id: apiVideo, format: 'custom', width, height });
		expect(await custom(1920, 1080)).toBe(0);
		expect(await custom(1921, 1080)).toBe(5);
		expect(await custom(1920, 1081)).toBe(5);
		// Vertical 1080x1920 as custom is high resolution; the vertical format itself is not.
		expect(await custom(1080, 1920)).toBe(5);
		expect(await exportEstimate({ video_id: apiVideo, format: 'vertical' })).toBe(0);
		expect(await exportEstimate({ video_id: apiVideo, format: 'square', width: 4000, height: 4000 })).toBe(0);
	});

	it('bills a dashboard video 5 per started 30 s at start, high resolution on top', async () => {
		const dashboardVideo = sandbox.dashboardVideoIds.main;
		const before = balance();
		expect(await exportEstimate({ video_id: dashboardVideo })).toBe(15);
		expect(balance()).toBe(before - 15);
		expect(await exportEstimate({ video_id: dashboardVideo, format: 'custom', width: 2560, height: 1440 })).toBe(22.5);
		expect(balance()).toBe(before - 15 - 22.5);
	});

	it('refuses a dashboard export the balance cannot cover', async () => {
		const response = await post(
			sandbox,
			'/export/start',
			{ video_id: sandbox.dashboardVideoIds.poor },
			{ key: sandbox.keys.poor },
		);
		expect(response.status).toBe(402);
		expect(response.body.details[0].code).toBe('insufficient_credits');
	});
});
