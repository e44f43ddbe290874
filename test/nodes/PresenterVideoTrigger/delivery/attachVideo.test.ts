import type { INodeExecutionData } from 'n8n-workflow';

import { startLocalService, type LocalService } from '../../../harness/fixtures/local-service';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { ALL_EVENTS, triggerNode, TriggerUnderTest } from '../triggerTestKit';

describe('Download Video without Confirm With API, in the execution', () => {
	let sandbox: Sandbox;
	let elsewhere: LocalService;

	beforeAll(async () => {
		sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 } });
		elsewhere = await startLocalService((_request, res) => res.end('not a video'));
	});

	afterAll(async () => {
		await elsewhere.close();
		await sandbox.close();
	});

	const forged = (videoUrl: string) => ({
		body: { job_id: 'export_forged1', status: 'completed', task: 'video_export', result: { video_url: videoUrl } },
	});

	it('fetches nothing from a host other than the service’s, and says why', async () => {
		const trigger = new TriggerUnderTest(
			triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }),
			sandbox,
		);
		const run = await trigger.deliver(forged(`${elsewhere.url.replace('127.0.0.1', 'localhost')}/x.mp4`));
		const execution = await trigger.execute(run);
		const item = execution.outputOf('Presenter Video Trigger')[0] as INodeExecutionData;

		expect(elsewhere.requests).toHaveLength(0);
		expect(item.binary).toBeUndefined();
		expect(item.json.downloadError).toMatch(/not the service's storage host/);
	});

	it('fetches nothing without a credential to tell the storage host', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }, false));
		const execution = await trigger.execute(await trigger.deliver(forged(`${elsewhere.url}/x.mp4`)));

		expect(elsewhere.requests).toHaveLength(0);
		expect(execution.outputOf('Presenter Video Trigger')[0].json.downloadError).toMatch(/credential/);
	});
});
