import type { IDataObject } from 'n8n-workflow';

import { useDatabaseBinaryMode } from '../../harness';
import { type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	completedExportDelivery,
	freshProcessNodeType,
	triggerNode,
	TriggerUnderTest,
} from './triggerTestKit';

const TRIGGER = 'Presenter Video Trigger';

describe('Presenter Video Trigger: Download Video with binary data in database mode', () => {
	let sandbox: Sandbox;
	let rows: Map<string, unknown>;

	beforeAll(async () => {
		// n8n's default cap is 512 MiB; the sandbox's MP4 is a few KiB, so 1 MiB lets it through.
		rows = await useDatabaseBinaryMode(1);
		sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 } });
	});

	afterAll(async () => {
		await sandbox.close();
	});

	it('stores one row for an event whose 4 copies each started an execution', async () => {
		const body = await completedExportDelivery(sandbox);
		const first = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }), sandbox);
		// Each copy reached another webhook process of the same workflow (or came after a restart).
		const copies = [
			first,
			...[1, 2, 3].map(() => new TriggerUnderTest(first.node, sandbox, freshProcessNodeType(), first.workflowId)),
		];
		const runs = [];
		for (const copy of copies) runs.push(await copy.deliver({ body }));
		expect(runs.every((run) => run.started)).toBe(true);
		// Nothing is stored while the deliveries are answered.
		expect(rows.size).toBe(0);

		const outputs = [];
		for (const [index, copy] of copies.entries()) outputs.push((await copy.execute(runs[index])).outputOf(TRIGGER));

		expect(outputs.map((output) => output.length)).toEqual([1, 0, 0, 0]);
		expect(outputs[0][0].binary?.data.id).toMatch(/^database:/);
		expect(rows.size).toBe(1);
	});

	it('goes on with a downloadError naming the limit and the fix when the file is over the cap', async () => {
		await useDatabaseBinaryMode(0.001);
		const body = await completedExportDelivery(sandbox);
		const trigger = new TriggerUnderTest(
			triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }),
			sandbox,
		);
		const before = rows.size;
		const execution = await trigger.execute(await trigger.deliver({ body }));
		const [item] = execution.outputOf(TRIGGER);

		expect(execution.status).toBe('success');
		expect(item.binary).toBeUndefined();
		expect(item.json.videoUrl).toBe((body.result as IDataObject).video_url);
		expect(item.json.downloadError).toMatch(/is larger than n8n's binary data limit of 0.001 MiB/);
		expect(item.json.downloadError).toMatch(/N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE \(512 MiB unless set\)/);
		expect(rows.size).toBe(before);
	});
});
