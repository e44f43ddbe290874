import { exportFailMarker, failMarker, type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	deliveriesSettled,
	DeliveryRelay,
	finishedJob,
	startExport,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
	waitFor,
} from './triggerTestKit';

describe('Presenter Video Trigger: the four events from real sandbox deliveries', () => {
	let sandbox: Sandbox;
	let trigger: TriggerUnderTest;
	let relay: DeliveryRelay;

	beforeAll(async () => {
		sandbox = await startSandbox({
			timings: { generationMs: 300, exportMs: 300 },
			webhookRetryDelaysMs: [100, 200, 400],
		});
		trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }, false), sandbox);
		relay = await DeliveryRelay.start(trigger);
	});

	afterAll(async () => {
		await relay.close();
		await sandbox.close();
	});

	async function startedItemFor(jobId: string) {
		return await waitFor(() => trigger.startedItems.find((item) => item.jobId === jobId));
	}

	it('starts on a completed generation, with the video ID to export', async () => {
		const jobId = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl() });
		const item = await startedItemFor(jobId);
		const status = await finishedJob(sandbox, 'generation', jobId);
		const result = status.result as Record<string, unknown>;
		expect(item).toEqual({
			event: 'generation.completed',
			kind: 'generation',
			jobId,
			status: 'completed',
			videoId: result.video_id,
			thumbnailUrl: result.thumbnail_url,
			duration: result.duration,
			cost: result.cost,
			createdAt: result.created_at,
			task: 'video_generate',
			confirmed: false,
			receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		const attempts = sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);
		expect(attempts.map((attempt) => attempt.status)).toEqual([200]);
	});

	it('starts on a completed export, with the MP4 address', async () => {
		const generationId = await startGeneration(sandbox);
		const videoId = ((await finishedJob(sandbox, 'generation', generationId)).result as Record<string, string>)
			.video_id;
		const exportId = await startExport(sandbox, videoId, relay.webhookUrl());
		const item = await startedItemFor(exportId);
		const result = (await finishedJob(sandbox, 'export', exportId)).result as Record<string, unknown>;
		expect(item).toMatchObject({
			event: 'export.completed',
			kind: 'export',
			jobId: exportId,
			status: 'completed',
			videoUrl: result.video_url,
			thumbnailUrl: result.thumbnail_url,
			task: 'video_export',
			confirmed: false,
		});
		expect(item.error).toBeUndefined();
	});

	it('starts on a failed generation, with the error code and message', async () => {
		const jobId = await startGeneration(sandbox, {
			webhookUrl: relay.webhookUrl(),
			prompt: `Weekly numbers ${failMarker('VOICE_GENERATION_FAILED')}`,
		});
		const item = await startedItemFor(jobId);
		expect(item).toMatchObject({
			event: 'generation.failed',
			kind: 'generation',
			status: 'failed',
			error: { code: 'VOICE_GENERATION_FAILED', message: expect.any(String), originalCode: 'VOICE_GENERATION_FAILED' },
		});
		expect(item.videoId).toBeUndefined();
	});

	it('starts on a failed export, and gives a lower-case code in upper case', async () => {
		const generationId = await startGeneration(sandbox, {
			prompt: `Weekly numbers ${exportFailMarker('encoding_failed')}`,
		});
		const videoId = ((await finishedJob(sandbox, 'generation', generationId)).result as Record<string, string>)
			.video_id;
		const exportId = await startExport(sandbox, videoId, relay.webhookUrl());
		const item = await startedItemFor(exportId);
		expect(item).toMatchObject({
			event: 'export.failed',
			kind: 'export',
			status: 'failed',
			error: { code: 'ENCODING_FAILED', originalCode: 'encoding_failed' },
		});
	});
});

describe('Presenter Video Trigger: Trigger On', () => {
	let sandbox: Sandbox;
	let trigger: TriggerUnderTest;
	let relay: DeliveryRelay;

	beforeAll(async () => {
		sandbox = await startSandbox({
			timings: { generationMs: 200, exportMs: 200 },
			webhookRetryDelaysMs: [100, 200, 400],
		});
		trigger = new TriggerUnderTest(triggerNode({ events: ['export.completed'] }, false), sandbox);
		relay = await DeliveryRelay.start(trigger);
	});

	afterAll(async () => {
		await relay.close();
		await sandbox.close();
	});

	it('acknowledges events that are not selected and starts nothing for them', async () => {
		const completed = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl() });
		const failed = await startGeneration(sandbox, {
			webhookUrl: relay.webhookUrl(),
			prompt: `x ${failMarker('GENERATION_FAILED')}`,
		});
		await deliveriesSettled(sandbox, [completed, failed], 1);

		const attempts = sandbox.webhookDeliveries.filter((attempt) => [completed, failed].includes(attempt.jobId));
		// 200 on the first attempt: the service has nothing to retry.
		expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200]);
		expect(trigger.runs.map((run) => run.response.body)).toEqual([
			{ received: true, outcome: 'event not selected' },
			{ received: true, outcome: 'event not selected' },
		]);
		expect(trigger.started).toHaveLength(0);
	});

	it('starts for the selected event', async () => {
		const generationId = await startGeneration(sandbox);
		const videoId = ((await finishedJob(sandbox, 'generation', generationId)).result as Record<string, string>)
			.video_id;
		const exportId = await startExport(sandbox, videoId, relay.webhookUrl());
		await waitFor(() => trigger.startedItems.find((item) => item.jobId === exportId));
		expect(trigger.startedItems.map((item) => item.event)).toEqual(['export.completed']);
	});
});

describe('Presenter Video Trigger: deliveries without a task field', () => {
	let sandbox: Sandbox;
	let trigger: TriggerUnderTest;
	let relay: DeliveryRelay;

	beforeAll(async () => {
		sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 }, includeTask: false });
		trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }, false), sandbox);
		relay = await DeliveryRelay.start(trigger);
	});

	afterAll(async () => {
		await relay.close();
		await sandbox.close();
	});

	it('tells generation from export by the result, then by the job id', async () => {
		const generationId = await startGeneration(sandbox, {
			webhookUrl: relay.webhookUrl(),
			prompt: `Numbers ${exportFailMarker('EXPORT_FAILED')}`,
		});
		const generated = await waitFor(() => trigger.startedItems.find((item) => item.jobId === generationId));
		expect(generated).toMatchObject({ event: 'generation.completed' });
		expect(generated.task).toBeUndefined();

		const exportId = await startExport(sandbox, generated.videoId as string, relay.webhookUrl());
		const exported = await waitFor(() => trigger.startedItems.find((item) => item.jobId === exportId));
		expect(exported).toMatchObject({ event: 'export.failed', error: { code: 'EXPORT_FAILED' } });
	});
});
