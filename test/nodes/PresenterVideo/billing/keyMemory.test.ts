/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { IDataObject, IExecuteFunctions, WorkflowExecuteMode } from 'n8n-workflow';

import { KeyMemory } from '../../../../nodes/PresenterVideo/billing/keyMemory';

import { ChildProcessLink } from '../../../harness/child-process';
import type { Sandbox } from '../../../sandbox';
import { apiRequests, withSandbox } from '../presenterVideoKit';
import type { FromKeyedRunProcess, KeyedRun } from './keyedRunProcess';

type Done = Extract<FromKeyedRunProcess, { type: 'done' }>;

const isReady = (message: FromKeyedRunProcess): message is { type: 'ready' } => message.type === 'ready';
const isDone = (message: FromKeyedRunProcess): message is Done => message.type === 'done';

/** An n8n process on the de-duplication store of `folder`: starting a second one on it is a restart. */
async function startN8n(folder: string): Promise<ChildProcessLink<KeyedRun, FromKeyedRunProcess>> {
	const n8n = new ChildProcessLink<KeyedRun, FromKeyedRunProcess>(join(__dirname, 'keyedRunProcess.ts'), 'n8n', {
		HARNESS_DEDUPLICATION_FILE: join(folder, 'deduplication.json'),
	});
	await n8n.next(isReady);
	return n8n;
}

describe('Idempotency Keys across a restart of n8n', () => {
	let sandbox: Sandbox;
	let n8n: ChildProcessLink<KeyedRun, FromKeyedRunProcess> | undefined;

	beforeAll(async () => (sandbox = await withSandbox()));
	afterEach(async () => await n8n?.stop());
	afterAll(async () => await sandbox.close());

	async function run(mode: WorkflowExecuteMode, keys: string[], staticData: IDataObject): Promise<Done> {
		const done = n8n!.next(isDone);
		n8n!.send({ type: 'run', service: { baseUrl: sandbox.baseUrl, keys: sandbox.keys }, mode, keys, staticData });
		const result = await done;
		expect(result.error).toBeUndefined();
		return result;
	}

	const starts = () => apiRequests(sandbox, '/generation/start', 'POST').length;

	it('runs from the editor: reused before the restart; after it, started again with a hint naming the key', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'presenter-video-restart-'));
		sandbox.clearLog();
		n8n = await startN8n(folder);
		const first = await run('manual', ['row-1', 'row-2'], {});
		const second = await run('manual', ['row-1', 'row-2'], {});
		expect(starts()).toBe(2);
		expect(second.outputs.map((output) => output.reusedJob)).toEqual(['idempotencyKey', 'idempotencyKey']);
		expect(second.outputs.map((output) => output.jobId)).toEqual(first.outputs.map((output) => output.jobId));
		expect(second.hints.join('\n')).not.toContain('no longer holds');
		await n8n.stop();

		// n8n saves no static data after an editor run: the restarted process loads none.
		n8n = await startN8n(folder);
		const third = await run('manual', ['row-1', 'row-3'], {});
		expect(starts()).toBe(4);
		const hint = third.hints.find((message) => message.includes('no longer holds'));
		expect(hint).toContain('Idempotency Key "row-1" started a job within the retention');
		expect(hint).not.toContain('row-3');
	});

	it('runs of an active workflow: reused after the restart too, without a hint', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'presenter-video-restart-'));
		sandbox.clearLog();
		n8n = await startN8n(folder);
		const first = await run('trigger', ['row-1'], {});
		await n8n.stop();

		// n8n saves the static data after a production run: the restarted process loads it.
		n8n = await startN8n(folder);
		const second = await run('trigger', ['row-1'], first.staticData);
		expect(starts()).toBe(1);
		expect(second.outputs[0]).toMatchObject({ reusedJob: 'idempotencyKey', jobId: first.outputs[0].jobId });
		expect(second.hints.join('\n')).not.toContain('no longer holds');
	});
});

/** n8n's de-duplication store as the execute context offers it: values recorded per node. */
function storeContext(): IExecuteFunctions {
	const values = new Set<string>();
	const helpers = {
		async checkProcessedAndRecord(items: string[]) {
			const output = { new: items.filter((item) => !values.has(item)), processed: items.filter((item) => values.has(item)) };
			for (const item of items) values.add(item);
			return output;
		},
		async removeProcessed(items: string[]) {
			for (const item of items) values.delete(item);
		},
	};
	return { helpers } as unknown as IExecuteFunctions;
}

describe('KeyMemory', () => {
	const retentionMs = 60_000;
	const now = () => 10 * retentionMs + 1_000;

	it('a key whose start was never sent or was refused is forgotten whole: the next batch gives no hint', async () => {
		const context = storeContext();
		const cancelled = new KeyMemory(context, retentionMs, now);
		expect(await cancelled.startsAgain('generation', 'row-1')).toBe(false);
		await cancelled.forget('generation', 'row-1');

		const again = new KeyMemory(context, retentionMs, now);
		expect(await again.startsAgain('generation', 'row-1')).toBe(false);
		expect(again.hint()).toBeUndefined();
	});

	it('forgetting a start keeps what an earlier start of the key recorded, and leaves the key out of the hint', async () => {
		const context = storeContext();
		await new KeyMemory(context, retentionMs, now).startsAgain('generation', 'row-1');
		const refused = new KeyMemory(context, retentionMs, now);
		expect(await refused.startsAgain('generation', 'row-1')).toBe(true);
		await refused.forget('generation', 'row-1');
		expect(refused.hint()).toBeUndefined();

		const again = new KeyMemory(context, retentionMs, now);
		expect(await again.startsAgain('generation', 'row-1')).toBe(true);
		expect(again.hint()).toContain('Idempotency Key "row-1" started a job');
	});

	it('one key of two kinds (Create) is named once, and forgetting one kind keeps the other', async () => {
		const context = storeContext();
		const earlier = new KeyMemory(context, retentionMs, now);
		await earlier.startsAgain('generation', 'row-1');
		await earlier.startsAgain('export', 'row-1');

		const again = new KeyMemory(context, retentionMs, now);
		await again.startsAgain('generation', 'row-1');
		await again.startsAgain('export', 'row-1');
		expect(again.hint()).toMatch(/^Idempotency Key "row-1" started/);
		await again.forget('export', 'row-1');
		expect(again.hint()).toMatch(/^Idempotency Key "row-1" started/);
	});
});
