import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { binaryFilePath, captureLogs, type LogCapture, readBinary } from '../../harness';
import { type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	completedExportDelivery,
	DeliveryRelay,
	finishedJob,
	freshProcessNodeType,
	startExport,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
	waitFor,
} from './triggerTestKit';

const TRIGGER = 'Presenter Video Trigger';

describe('Presenter Video Trigger: Download Video', () => {
	let sandbox: Sandbox;
	let logs: LogCapture;
	const triggers: TriggerUnderTest[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 } });
		logs = captureLogs();
	});

	afterAll(async () => {
		logs.stop();
		await sandbox.close();
	});

	afterEach(() => {
		sandbox.configure({ faults: [] });
		for (const trigger of triggers) {
			for (const run of trigger.runs) {
				expect(run.response.text).not.toContain(sandbox.keys.main);
				expect(JSON.stringify(run.workflowData ?? null)).not.toContain(sandbox.keys.main);
			}
		}
		expect(logs.text()).not.toContain(sandbox.keys.main);
		// The file host never sees the API key.
		expect(
			sandbox.requests.filter((request) => request.listener === 'storage' && request.authorization !== undefined),
		).toEqual([]);
	});

	async function exportedVideo(webhookUrl?: string): Promise<string> {
		const generationId = await startGeneration(sandbox);
		const videoId = ((await finishedJob(sandbox, 'generation', generationId)).result as IDataObject).video_id as string;
		return await startExport(sandbox, videoId, webhookUrl);
	}

	function newTrigger(options: INodeParameters): TriggerUnderTest {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options }), sandbox);
		triggers.push(trigger);
		return trigger;
	}

	const storageRequests = () => sandbox.requests.filter((request) => request.listener === 'storage').length;

	it('streams the MP4 of a real export delivery into binary data in the execution', async () => {
		const trigger = newTrigger({ downloadVideo: true, confirmWithApi: true });
		const relay = await DeliveryRelay.start(trigger);
		try {
			const exportId = await exportedVideo(relay.webhookUrl());
			await waitFor(() => trigger.startedItems.find((item) => item.jobId === exportId));
			// The webhook answered with the event only: no file yet.
			expect(trigger.started[0].workflowData?.[0]?.[0]?.binary).toBeUndefined();

			const execution = await trigger.execute(trigger.started[0]);
			expect(execution.status).toBe('success');
			const [item] = execution.outputOf(TRIGGER);
			expect(item.json).toMatchObject({ event: 'export.completed', confirmed: true });
			expect(item.json.downloadError).toBeUndefined();
			expect(item.binary?.data).toMatchObject({ fileName: `${exportId}.mp4`, mimeType: 'video/mp4' });
			const bytes = await readBinary(item, 'data');
			expect(bytes.length).toBeGreaterThan(1000);
			expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
			// Filesystem mode: the file went to disk, not into the item as base64.
			expect(await binaryFilePath(item, 'data')).toEqual(expect.any(String));
		} finally {
			await relay.close();
		}
	});

	it('downloads for the first copy of an event only: repeats store nothing', async () => {
		const body = await completedExportDelivery(sandbox);
		// Two webhook processes of the same workflow each start an execution for their copy.
		const first = newTrigger({ downloadVideo: true });
		const second = new TriggerUnderTest(first.node, sandbox, freshProcessNodeType(), first.workflowId);
		const [firstRun, secondRun] = [await first.deliver({ body }), await second.deliver({ body })];
		expect([firstRun.started, secondRun.started]).toEqual([true, true]);
		const before = storageRequests();

		const firstExecution = await first.execute(firstRun);
		const repeatExecution = await second.execute(secondRun);

		expect(firstExecution.outputOf(TRIGGER)).toHaveLength(1);
		expect(firstExecution.outputOf(TRIGGER)[0].binary?.data.mimeType).toBe('video/mp4');
		expect(repeatExecution.status).toBe('success');
		expect(repeatExecution.outputOf(TRIGGER)).toEqual([]);
		expect(storageRequests() - before).toBe(1);
	});

	it('downloads in a manual test execution too, without recording the event', async () => {
		const body = await completedExportDelivery(sandbox);
		const trigger = newTrigger({ downloadVideo: true });
		const manual = await trigger.execute(await trigger.deliver({ body }), 'manual');
		expect(manual.outputOf(TRIGGER)[0].binary?.data.mimeType).toBe('video/mp4');
		// The same event, later for real, is not taken for a repeat.
		const production = await trigger.execute(await newTrigger({ downloadVideo: true }).deliver({ body }));
		expect(production.outputOf(TRIGGER)).toHaveLength(1);
	});

	it('writes to the binary property the user names', async () => {
		const trigger = newTrigger({ downloadVideo: true, binaryPropertyName: 'video' });
		const execution = await trigger.execute(await trigger.deliver({ body: await completedExportDelivery(sandbox) }));
		const [item] = execution.outputOf(TRIGGER);
		expect(Object.keys(item.binary ?? {})).toEqual(['video']);
		expect((await readBinary(item, 'video')).subarray(4, 8).toString('latin1')).toBe('ftyp');
	});

	it('downloads nothing for other events', async () => {
		const generationId = await startGeneration(sandbox);
		const status = await finishedJob(sandbox, 'generation', generationId);
		const trigger = newTrigger({ downloadVideo: true });
		const run = await trigger.deliver({
			body: { job_id: generationId, status: 'completed', result: status.result, task: 'video_generate' },
		});
		const before = storageRequests();
		const [item] = (await trigger.execute(run)).outputOf(TRIGGER);
		expect(item.binary).toBeUndefined();
		expect(item.json.downloadError).toBeUndefined();
		expect(storageRequests()).toBe(before);
	});

	it('answers the delivery without touching the file host', async () => {
		const body = await completedExportDelivery(sandbox);
		const before = storageRequests();
		const run = await newTrigger({ downloadVideo: true }).deliver({ body });
		expect(run.response).toMatchObject({ status: 200, body: { received: true, outcome: 'started' } });
		expect(storageRequests()).toBe(before);
	});

	it('goes on with downloadError and videoUrl when the file host fails', async () => {
		const body = await completedExportDelivery(sandbox);
		sandbox.configure({ faults: [{ listener: 'storage', kind: '500' }] });
		const trigger = newTrigger({ downloadVideo: true });
		const execution = await trigger.execute(await trigger.deliver({ body }));
		const [item] = execution.outputOf(TRIGGER) as INodeExecutionData[];
		expect(execution.status).toBe('success');
		expect(item.binary).toBeUndefined();
		expect(item.json.downloadError).toMatch(/HTTP 500/);
		expect(item.json.videoUrl).toBe((body.result as IDataObject).video_url);
	});
});
