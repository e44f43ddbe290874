import type { IExecuteFunctions, INodeExecutionData, WorkflowExecuteMode } from 'n8n-workflow';

import { dropProcessedEvents } from '../../../../nodes/PresenterVideoTrigger/delivery/processedEvents';
import { PresenterVideoTrigger } from '../../../../nodes/PresenterVideoTrigger/PresenterVideoTrigger.node';

/** n8n's de-duplication store as the execute context offers it: one list of seen values per node. */
class ProcessedStore {
	readonly seen = new Set<string>();
	calls: Array<{ items: string[]; scope: string; options: unknown }> = [];

	async checkProcessedAndRecord(items: string[], scope: string, options: unknown) {
		this.calls.push({ items, scope, options });
		const fresh = items.filter((item) => !this.seen.has(item));
		for (const item of fresh) this.seen.add(item);
		return { new: fresh, processed: items.filter((item) => !fresh.includes(item)) };
	}
}

function executeContext(store: ProcessedStore, items: INodeExecutionData[], mode: WorkflowExecuteMode = 'webhook') {
	return {
		getMode: () => mode,
		getInputData: () => items,
		getNodeParameter: () => ({}),
		helpers: { checkProcessedAndRecord: store.checkProcessedAndRecord.bind(store) },
	} as unknown as IExecuteFunctions;
}

function eventItem(jobId: string, status = 'completed'): INodeExecutionData {
	return { json: { event: 'export.completed', jobId, status }, binary: { data: { data: '', mimeType: 'video/mp4' } } };
}

describe('dropProcessedEvents', () => {
	it('lets the first execution of an event through and ends every later one without output', async () => {
		const store = new ProcessedStore();
		const first = await dropProcessedEvents(executeContext(store, [eventItem('export_1')]), [eventItem('export_1')]);
		const repeat = await dropProcessedEvents(executeContext(store, [eventItem('export_1')]), [eventItem('export_1')]);
		expect(first).toHaveLength(1);
		expect(first[0].binary?.data.mimeType).toBe('video/mp4');
		expect(repeat).toEqual([]);
		expect(store.calls[0]).toEqual({
			items: ['export_1|completed'],
			scope: 'node',
			options: { mode: 'entries', maxEntries: 1000 },
		});
	});

	it('treats another final status of the same job as another event', async () => {
		const store = new ProcessedStore();
		await dropProcessedEvents(executeContext(store, []), [eventItem('run_1', 'completed')]);
		expect(await dropProcessedEvents(executeContext(store, []), [eventItem('run_1', 'failed')])).toHaveLength(1);
	});

	it('keeps one item per event when the same event is twice in the input', async () => {
		const store = new ProcessedStore();
		const kept = await dropProcessedEvents(executeContext(store, []), [eventItem('run_2'), eventItem('run_2')]);
		expect(kept).toHaveLength(1);
	});

	it('passes manual test executions through without recording them', async () => {
		const store = new ProcessedStore();
		const manual = await dropProcessedEvents(executeContext(store, [], 'manual'), [eventItem('run_3')]);
		expect(manual).toHaveLength(1);
		expect(store.calls).toEqual([]);
		expect(await dropProcessedEvents(executeContext(store, []), [eventItem('run_3')])).toHaveLength(1);
	});

	it('passes items that name no job through without asking the store', async () => {
		const store = new ProcessedStore();
		const items = [{ json: { note: 'pinned by hand' } }];
		expect(await dropProcessedEvents(executeContext(store, []), items)).toEqual(items);
		expect(store.calls).toEqual([]);
	});
});

describe('Presenter Video Trigger execute()', () => {
	it('drops, inside the execution, an event an earlier execution processed', async () => {
		const store = new ProcessedStore();
		const node = new PresenterVideoTrigger();
		const first = await node.execute.call(executeContext(store, [eventItem('export_9')]));
		const second = await node.execute.call(executeContext(store, [eventItem('export_9')]));
		expect(first[0]).toHaveLength(1);
		expect(second).toEqual([[]]);
	});
});
