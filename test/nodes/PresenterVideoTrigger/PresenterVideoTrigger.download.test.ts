import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { binaryFilePath, captureLogs, readBinary, type LogCapture } from '../../harness';
import { startSandbox, type Sandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	DeliveryRelay,
	finishedJob,
	startExport,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
	waitFor,
} from './triggerTestKit';

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

	it('streams the MP4 of a real export delivery into binary data', async () => {
		const trigger = newTrigger({ downloadVideo: true, confirmWithApi: true });
		const relay = await DeliveryRelay.start(trigger);
		try {
			const exportId = await exportedVideo(relay.webhookUrl());
			await waitFor(() => trigger.startedItems.find((item) => item.jobId === exportId));
			const item = trigger.started[0].workflowData?.[0]?.[0] as INodeExecutionData;

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

	it('writes to the binary property the user names', async () => {
		const exportId = await exportedVideo();
		const status = await finishedJob(sandbox, 'export', exportId);
		const trigger = newTrigger({ downloadVideo: true, binaryPropertyName: 'video' });
		const run = await trigger.deliver({
			body: { job_id: exportId, status: 'completed', result: status.result, task: 'video_export' },
		});
		const item = run.workflowData?.[0]?.[0] as INodeExecutionData;
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
		expect(run.started).toBe(true);
		expect(run.workflowData?.[0]?.[0]?.binary).toBeUndefined();
	});

	it('still starts, with downloadError, when the file host fails', async () => {
		const exportId = await exportedVideo();
		const status = await finishedJob(sandbox, 'export', exportId);
		sandbox.configure({ faults: [{ listener: 'storage', kind: '500' }] });
		const trigger = newTrigger({ downloadVideo: true });
		const run = await trigger.deliver({
			body: { job_id: exportId, status: 'completed', result: status.result, task: 'video_export' },
		});
		const item = run.workflowData?.[0]?.[0] as INodeExecutionData;
		expect(run.response.status).toBe(200);
		expect(item.binary).toBeUndefined();
		expect(item.json.downloadError).toMatch(/HTTP 500/);
		expect(item.json.videoUrl).toBe((status.result as IDataObject).video_url);
	});

	it('answers within the service time-out when the file host hangs', async () => {
		const exportId = await exportedVideo();
		const status = await finishedJob(sandbox, 'export', exportId);
		sandbox.configure({ faults: [{ listener: 'storage', kind: 'slow', delayMs: 9_000 }] });
		const trigger = newTrigger({ downloadVideo: true });
		const startedAt = Date.now();
		const run = await trigger.deliver({
			body: { job_id: exportId, status: 'completed', result: status.result, task: 'video_export' },
		});
		const elapsed = Date.now() - startedAt;
		expect(elapsed).toBeLessThan(9_500);
		expect(run.started).toBe(true);
		expect(run.workflowData?.[0]?.[0]?.json.downloadError).toMatch(/not finished within/);
	}, 20_000);
});
