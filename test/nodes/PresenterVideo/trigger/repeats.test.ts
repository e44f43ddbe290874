import type { IExecuteFunctions, INodeExecutionData, WorkflowExecuteMode } from 'n8n-workflow';

import { PresenterVideoTrigger } from '../../../../nodes/PresenterVideo/PresenterVideoTrigger.node';
import {
	claim,
	dropProcessedEvents,
	eventKey,
	hasEntry,
	release,
	scopedKey,
	withEntry,
} from '../../../../nodes/PresenterVideo/trigger/repeats';

const HOUR = 60 * 60 * 1000;

const limits = { maxEntries: 3, keepMs: 24 * HOUR };

describe('deliveryLedger', () => {
	it('keys an event by kind, job and final status, whatever the case', () => {
		expect(eventKey('run_1', 'COMPLETED', 'generation')).toBe(eventKey('run_1', 'completed', 'generation'));
		expect(eventKey('run_1', 'completed', 'generation')).not.toBe(eventKey('run_1', 'failed', 'generation'));
		expect(eventKey('run_1', 'completed', 'generation')).not.toBe(eventKey('run_2', 'completed', 'generation'));
		expect(eventKey('run_1', 'completed', 'generation')).not.toBe(eventKey('run_1', 'completed', 'export'));
		expect(eventKey('run_1', 'completed', undefined)).not.toBe(eventKey('run_1', 'completed', 'export'));
	});

	it('remembers an entry until it expires', () => {
		const ledger = withEntry(undefined, 'a', 1_000, limits);
		expect(hasEntry(ledger, 'a', 1_000, limits)).toBe(true);
		expect(hasEntry(ledger, 'a', 1_000 + 24 * HOUR - 1, limits)).toBe(true);
		expect(hasEntry(ledger, 'a', 1_000 + 24 * HOUR, limits)).toBe(false);
		expect(hasEntry(ledger, 'b', 1_000, limits)).toBe(false);
	});

	it('keeps only the newest entries', () => {
		let ledger = withEntry(undefined, 'a', 1, limits);
		ledger = withEntry(ledger, 'b', 2, limits);
		ledger = withEntry(ledger, 'c', 3, limits);
		ledger = withEntry(ledger, 'd', 4, limits);
		expect(Object.keys(ledger.entries).sort()).toEqual(['b', 'c', 'd']);
	});

	it('drops expired entries when adding', () => {
		const ledger = withEntry(withEntry(undefined, 'old', 0, limits), 'new', 25 * HOUR, limits);
		expect(ledger.entries).toEqual({ new: 25 * HOUR });
	});

	it('always keeps the entry just added, even after a clock step backwards', () => {
		let ledger = withEntry(undefined, 'a', 10 * HOUR, limits);
		ledger = withEntry(ledger, 'b', 10 * HOUR, limits);
		ledger = withEntry(ledger, 'c', 10 * HOUR, limits);
		ledger = withEntry(ledger, 'late', 9 * HOUR, limits);
		expect(hasEntry(ledger, 'late', 9 * HOUR, limits)).toBe(true);
		expect(Object.keys(ledger.entries)).toHaveLength(3);
	});

	it('treats damaged static data as empty', () => {
		for (const damaged of [null, 'x', 42, [], { entries: 'x' }, { entries: { a: 'soon' } }]) {
			expect(hasEntry(damaged, 'a', 1, limits)).toBe(false);
			expect(withEntry(damaged, 'a', 1, limits)).toEqual({ entries: { a: 1 } });
		}
	});

	it('returns plain JSON that survives a save and a reload', () => {
		const ledger = withEntry(withEntry(undefined, 'a', 1, limits), 'b', 2, limits);
		const reloaded: unknown = JSON.parse(JSON.stringify(ledger));
		expect(hasEntry(reloaded, 'a', 3, limits)).toBe(true);
		expect(hasEntry(reloaded, 'b', 3, limits)).toBe(true);
	});

	it('stays small at its limit of 1000 entries', () => {
		let ledger = withEntry(undefined, eventKey('run_0', 'completed', 'generation'), 0);
		for (let index = 1; index < 1500; index++)
			ledger = withEntry(ledger, eventKey(`run_${'x'.repeat(20)}${index}`, 'completed', 'generation'), index);
		expect(Object.keys(ledger.entries)).toHaveLength(1000);
		expect(JSON.stringify(ledger).length).toBeLessThan(60_000);
	});
});

// The guard is process-wide state: every test uses its own scope.
let scopeCounter = 0;

function freshKey(event = 'run_1|completed'): string {
	scopeCounter += 1;
	return scopedKey(`workflow-${scopeCounter}/node`, event);
}

describe('inProcessGuard', () => {
	it('lets one call handle an event at a time', () => {
		const key = freshKey();
		expect(claim(key)).toBe('claimed');
		expect(claim(key)).toBe('in-flight');
	});

	it('frees an event that was not accepted, so a retry can handle it', () => {
		const key = freshKey();
		claim(key);
		release(key, false);
		expect(claim(key)).toBe('claimed');
	});

	it('remembers an accepted event', () => {
		const key = freshKey();
		claim(key);
		release(key, true);
		expect(claim(key)).toBe('accepted-recently');
	});

	it('keeps triggers apart', () => {
		const first = scopedKey('wf-a/node-1', 'run_1|completed');
		const second = scopedKey('wf-b/node-1', 'run_1|completed');
		claim(first);
		release(first, true);
		expect(claim(second)).toBe('claimed');
	});
});

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
	return {
		json: { event: `export.${status}`, kind: 'export', jobId, status },
		binary: { data: { data: '', mimeType: 'video/mp4' } },
	};
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
			items: ['export|export_1|completed'],
			scope: 'node',
			options: { mode: 'entries', maxEntries: 1000 },
		});
	});

	it('treats the same job id of the other kind as another event', async () => {
		const store = new ProcessedStore();
		const generation = {
			json: { event: 'generation.completed', kind: 'generation', jobId: 'run_1', status: 'completed' },
		};
		const exported = { json: { event: 'export.completed', kind: 'export', jobId: 'run_1', status: 'completed' } };
		expect(await dropProcessedEvents(executeContext(store, [generation]), [generation])).toHaveLength(1);
		expect(await dropProcessedEvents(executeContext(store, [exported]), [exported])).toHaveLength(1);
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
