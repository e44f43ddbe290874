import { exportFailMarker, failMarker, startSandbox, type Sandbox } from './index';
import {
	generateVideo,
	get,
	post,
	sleep,
	startReceiver,
	waitFor,
	waitForJob,
	type Receiver,
	type ReceiverAnswer,
} from './sandbox-test-kit';

// The code profile's own delivery policy (1 s and 2 s between attempts, 10 s time-out) runs in real time.
jest.setTimeout(40_000);

let sandbox: Sandbox;
const receivers: Receiver[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ profile: 'code', timings: { generationMs: 100, exportMs: 100 } });
});
afterEach(async () => {
	await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
	sandbox.clearLog();
});
afterAll(() => sandbox.close());

async function receiver(answer?: (delivery: number) => ReceiverAnswer): Promise<Receiver> {
	const started = await startReceiver(answer);
	receivers.push(started);
	return started;
}

const attemptsFor = (jobId: string) =>
	sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);

async function startWithHook(url: string, extra: Record<string, unknown> = {}): Promise<string> {
	const start = await post(sandbox, '/generation/start', {
		prompt: 'Call me back',
		duration: 30,
		webhook_url: url,
		...extra,
	});
	expect(start.status).toBe(200);
	return start.body.job_id as string;
}

const statusOf = async (jobId: string) => (await get(sandbox, `/generation/status/${jobId}`)).body;

const HELD = { status: 'processing', current_step: 'REDIRECTING', progress_step: 20 };

describe("profile 'code': call backs", () => {
	it('POSTs a completed generation once, with the Hoox headers and no task', async () => {
		const hook = await receiver();
		const jobId = await startWithHook(hook.url);
		const final = await waitForJob(sandbox, 'generation', jobId);
		expect(hook.received).toHaveLength(1);
		const [delivery] = hook.received;
		expect(delivery?.method).toBe('POST');
		expect(delivery?.headers['user-agent']).toBe('Hoox-API/1.0');
		expect(delivery?.headers['x-hoox-webhook']).toBe('true');
		expect(delivery?.headers['content-type']).toBe('application/json');
		expect(delivery?.body).toEqual({
			job_id: jobId,
			status: 'completed',
			result: {
				video_id: final.result.video_id,
				thumbnail_url: '',
				cost: 5,
				created_at: final.result.created_at,
			},
		});
		expect(jobId).toMatch(/^run_/);
	});

	it('calls nobody for a failed generation, a completed export or a failed export', async () => {
		const hook = await receiver();
		const failing = await startWithHook(hook.url, { prompt: failMarker('VOICE_GENERATION_FAILED') });
		const videoId = await generateVideo(sandbox, {
			prompt: `Export me ${exportFailMarker('ENCODING_FAILED')}`,
			duration: 30,
		});
		const plainVideoId = await generateVideo(sandbox, { prompt: 'Export me too', duration: 30 });
		const exports = await Promise.all(
			[videoId, plainVideoId].map((id) =>
				post(sandbox, '/export/start', { video_id: id, webhook_url: hook.url }),
			),
		);
		const finals = await Promise.all([
			waitForJob(sandbox, 'generation', failing),
			...exports.map((started) => waitForJob(sandbox, 'export', started.body.job_id)),
		]);
		expect(finals.map((final) => final.status)).toEqual(['failed', 'failed', 'completed']);
		// A first attempt goes out the moment a job ends: give one a chance to arrive.
		await sleep(300);
		expect(hook.received).toEqual([]);
		expect(sandbox.webhookDeliveries).toEqual([]);
	});

	it('keeps the status at REDIRECTING while the receiver takes its time, and completes once it answers', async () => {
		const hook = await receiver(() => ({ status: 200, afterMs: 800 }));
		const jobId = await startWithHook(hook.url);
		await waitFor(() => hook.received[0]);
		const videoId = hook.received[0]?.body.result.video_id as string;
		const early = await post(sandbox, '/export/start', { video_id: videoId });
		expect(early.status).toBe(400);
		expect(early.body.details[0].code).toBe('VIDEO_NOT_READY');

		// The delivery log records the attempt once the receiver has answered.
		const readsWhileCalling: unknown[] = [];
		while (attemptsFor(jobId).length === 0) {
			const read = await statusOf(jobId);
			// A read answered after the delivery ended is not one made while calling.
			if (attemptsFor(jobId).length === 0) readsWhileCalling.push(read);
			await sleep(50);
		}
		expect(readsWhileCalling.length).toBeGreaterThan(5);
		expect(readsWhileCalling).toEqual(readsWhileCalling.map(() => ({ job_id: jobId, ...HELD })));
		expect(await waitForJob(sandbox, 'generation', jobId)).toEqual({
			job_id: jobId,
			status: 'completed',
			current_step: 'REDIRECTING',
			progress_step: 20,
			result: { video_id: videoId, cost: 5, created_at: expect.any(String) },
		});
	});

	it('makes 3 attempts in all, 1 s then 2 s apart, and completes only when the last one fails', async () => {
		const hook = await receiver(() => 500);
		const jobId = await startWithHook(hook.url);
		await waitFor(() => hook.received[0]);
		expect(await statusOf(jobId)).toEqual({ job_id: jobId, ...HELD });
		await waitFor(() => (hook.received.length === 2 ? true : undefined), 5000);
		expect(await statusOf(jobId)).toEqual({ job_id: jobId, ...HELD });

		await waitFor(() => (attemptsFor(jobId).length === 3 ? true : undefined), 5000);
		const lastFailedAt = Date.now();
		const final = await waitForJob(sandbox, 'generation', jobId);
		// A fourth attempt would hold the job for 4 s more (the contract's schedule): it completes at once.
		expect(Date.now() - lastFailedAt).toBeLessThan(1000);
		expect(final.status).toBe('completed');

		const attempts = attemptsFor(jobId);
		expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
			[1, 500],
			[2, 500],
			[3, 500],
		]);
		const gaps = [1, 2].map((index) => (attempts[index]?.at ?? 0) - (attempts[index - 1]?.at ?? 0));
		expect(gaps[0]).toBeGreaterThanOrEqual(1000);
		expect(gaps[0]).toBeLessThan(1600);
		expect(gaps[1]).toBeGreaterThanOrEqual(2000);
		expect(gaps[1]).toBeLessThan(2600);
		expect(hook.received).toHaveLength(3);
	});

	it('counts an attempt unanswered after 10 s as failed and tries again 1 s later', async () => {
		const hook = await receiver((delivery) => (delivery === 1 ? 'hang' : 200));
		const jobId = await startWithHook(hook.url);
		await waitFor(() => hook.received[0]);
		await sleep(5000);
		expect(await statusOf(jobId)).toEqual({ job_id: jobId, ...HELD });

		await waitFor(() => (attemptsFor(jobId).length === 2 ? true : undefined), 12_000);
		const [first, second] = attemptsFor(jobId);
		expect(first).toMatchObject({ attempt: 1, error: 'timeout after 10000 ms' });
		expect(second).toMatchObject({ attempt: 2, status: 200 });
		const gap = (second?.at ?? 0) - (first?.at ?? 0);
		expect(gap).toBeGreaterThanOrEqual(11_000);
		expect(gap).toBeLessThan(12_000);
		expect((await waitForJob(sandbox, 'generation', jobId)).status).toBe('completed');
	});
});
