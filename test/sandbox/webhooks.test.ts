/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { failMarker, startSandbox, type Sandbox } from './index';
import { generateVideo, post, startReceiver, unusedUrl, waitFor, waitForJob, type Receiver } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
const receivers: Receiver[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({
		timings: { generationMs: 50, exportMs: 50 },
		webhookRetryDelaysMs: [100, 200, 400],
		webhookTimeoutMs: 1000,
	});
});
afterEach(async () => {
	await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
	sandbox.configure({
		includeTask: true,
		duplicateDeliveries: 0,
		webhookRetryDelaysMs: [100, 200, 400],
	});
	sandbox.clearLog();
});
afterAll(() => sandbox.close());

async function receiver(answer?: (delivery: number) => number | 'hang'): Promise<Receiver> {
	const started = await startReceiver(answer);
	receivers.push(started);
	return started;
}

const attemptsFor = (jobId: string) => sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);

describe('webhook deliveries', () => {
	it('POSTs the completed generation as JSON with task and result', async () => {
		const hook = await receiver();
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Hook',
			duration: 30,
			webhook_url: hook.url,
		});
		await waitFor(() => (attemptsFor(start.body.job_id).length === 1 ? true : undefined));
		const [delivery] = hook.received;
		expect(delivery?.method).toBe('POST');
		expect(delivery?.headers['content-type']).toBe('application/json');
		expect(delivery?.body).toEqual({
			job_id: start.body.job_id,
			status: 'completed',
			result: {
				video_id: expect.stringMatching(/^vid_/),
				duration: 30,
				cost: 5,
				created_at: expect.any(String),
				thumbnail_url: expect.any(String),
			},
			task: 'video_generate',
		});
		expect(attemptsFor(start.body.job_id)).toEqual([
			{
				at: expect.any(Number),
				url: hook.url,
				jobId: start.body.job_id,
				attempt: 1,
				body: delivery?.body,
				status: 200,
			},
		]);
	});

	it('POSTs failures with the error and exports with task video_export', async () => {
		const hook = await receiver();
		const failing = await post(sandbox, '/generation/start', {
			prompt: failMarker('MEDIA_PROCESSING_FAILED'),
			duration: 30,
			webhook_url: hook.url,
		});
		const videoId = await generateVideo(sandbox, { prompt: 'Export me', duration: 30 });
		const exported = await post(sandbox, '/export/start', {
			video_id: videoId,
			webhook_url: hook.url,
		});
		await waitFor(() => (hook.received.length === 2 ? true : undefined));
		const byJob = Object.fromEntries(hook.received.map((delivery) => [delivery.body.job_id, delivery.body]));
		expect(byJob[failing.body.job_id]).toEqual({
			job_id: failing.body.job_id,
			status: 'failed',
			error: { code: 'MEDIA_PROCESSING_FAILED', message: expect.any(String) },
			task: 'video_generate',
		});
		expect(byJob[exported.body.job_id]).toEqual({
			job_id: exported.body.job_id,
			status: 'completed',
			result: {
				video_url: expect.stringContaining('/videos/'),
				thumbnail_url: expect.any(String),
				cost: 0,
				created_at: expect.any(String),
			},
			task: 'video_export',
		});
	});

	it('leaves task out when includeTask is false', async () => {
		sandbox.configure({ includeTask: false });
		const hook = await receiver();
		await post(sandbox, '/generation/start', {
			prompt: 'No task',
			duration: 30,
			webhook_url: hook.url,
		});
		await waitFor(() => hook.received[0]);
		expect(hook.received[0]?.body).not.toHaveProperty('task');
	});

	it('retries a 500 after the configured delays: 500, 500, then 200 makes 3 attempts', async () => {
		sandbox.configure({ webhookRetryDelaysMs: [100, 300, 900] });
		const hook = await receiver((delivery) => (delivery <= 2 ? 500 : 200));
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Retry',
			duration: 30,
			webhook_url: hook.url,
		});
		await waitFor(() => (attemptsFor(start.body.job_id).length === 3 ? true : undefined));
		// A wrong fourth attempt would come 900 ms after the third: wait past that to prove none is sent.
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const attempts = attemptsFor(start.body.job_id);
		expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
			[1, 500],
			[2, 500],
			[3, 200],
		]);
		expect(hook.received).toHaveLength(3);
		const gaps = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
		expect(gaps[0]).toBeGreaterThanOrEqual(100);
		expect(gaps[0]).toBeLessThan(300);
		expect(gaps[1]).toBeGreaterThanOrEqual(300);
		expect(gaps[1]).toBeLessThan(900);
		for (const delivery of hook.received) expect(delivery.body).toEqual(hook.received[0]?.body);
	});

	it('gives up after 3 retries (4 attempts) when the receiver keeps failing', async () => {
		const hook = await receiver(() => 503);
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Down',
			duration: 30,
			webhook_url: hook.url,
		});
		await waitFor(() => (attemptsFor(start.body.job_id).length === 4 ? true : undefined), 10_000);
		await new Promise((resolve) => setTimeout(resolve, 600));
		expect(attemptsFor(start.body.job_id).map((attempt) => attempt.status)).toEqual([503, 503, 503, 503]);
	});

	it('counts a time-out as a failed attempt and retries', async () => {
		const hook = await receiver((delivery) => (delivery === 1 ? 'hang' : 204));
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Slow receiver',
			duration: 30,
			webhook_url: hook.url,
		});
		await waitFor(() => (attemptsFor(start.body.job_id).length === 2 ? true : undefined), 10_000);
		const [first, second] = attemptsFor(start.body.job_id);
		expect(first).toMatchObject({ attempt: 1, error: 'timeout after 1000 ms' });
		expect(first?.status).toBeUndefined();
		expect(second).toMatchObject({ attempt: 2, status: 204 });
	});

	it('records connection errors and retries them too', async () => {
		const url = await unusedUrl();
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Nobody home',
			duration: 30,
			webhook_url: url,
		});
		await waitFor(() => (attemptsFor(start.body.job_id).length === 4 ? true : undefined), 10_000);
		for (const attempt of attemptsFor(start.body.job_id)) {
			expect(attempt.url).toBe(url);
			expect(attempt.error).toMatch(/ECONNREFUSED/);
		}
	});

	it('sends duplicate copies after a success when asked (up to 4 deliveries of one event)', async () => {
		sandbox.configure({ duplicateDeliveries: 3 });
		const hook = await receiver();
		const start = await post(sandbox, '/generation/start', {
			prompt: 'Twice',
			duration: 30,
			webhook_url: hook.url,
		});
		// The log records an attempt once its answer has arrived, a moment after the receiver counts it.
		await waitFor(
			() => (hook.received.length === 4 && attemptsFor(start.body.job_id).length === 4 ? true : undefined),
			10_000,
		);
		expect(attemptsFor(start.body.job_id).map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4]);
		expect(new Set(hook.received.map((delivery) => JSON.stringify(delivery.body))).size).toBe(1);
	});

	it('sends nothing without webhook_url', async () => {
		const start = await post(sandbox, '/generation/start', { prompt: 'Quiet', duration: 30 });
		await waitForJob(sandbox, 'generation', start.body.job_id);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(attemptsFor(start.body.job_id)).toEqual([]);
	});
});

describe('close()', () => {
	it('cancels pending jobs and deliveries', async () => {
		const local = await startSandbox({ timings: { generationMs: 1000 } });
		const hook = await receiver();
		await post(local, '/generation/start', {
			prompt: 'Never delivered',
			duration: 30,
			webhook_url: hook.url,
		});
		await local.close();
		await new Promise((resolve) => setTimeout(resolve, 1200));
		expect(hook.received).toEqual([]);
		expect(local.webhookDeliveries).toEqual([]);
		await local.close();
	});
});
