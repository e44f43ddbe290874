import { type IDataObject, ObservableObject } from 'n8n-workflow';

import { keyLeaders, type LedgerScope, StartLedger } from '../../../../nodes/PresenterVideo/billing/ledger';

const HOUR = 3_600_000;

const scope = (overrides: Partial<LedgerScope> = {}): LedgerScope => ({
	executionId: '100',
	runIndex: 0,
	now: 1_000 * HOUR,
	retentionMs: 24 * HOUR,
	...overrides,
});

const slot = (itemIndex: number, idempotencyKey?: string) => ({
	kind: 'generation' as const,
	itemIndex,
	idempotencyKey,
});

describe('start ledger', () => {
	it('finds nothing for a first start', () => {
		expect(new StartLedger({}, scope()).find(slot(0))).toBeUndefined();
	});

	it('lets a retry in the same execution and run find the job of its item', () => {
		const store: IDataObject = {};
		const firstTry = new StartLedger(store, scope());
		firstTry.claim(slot(1));
		firstTry.confirm(slot(1), 'job_1');

		const retry = new StartLedger(store, scope());
		expect(retry.find(slot(1))).toEqual({
			state: 'started',
			jobId: 'job_1',
			startedAt: 1_000 * HOUR,
			reusedBy: 'retry',
		});
		expect(retry.find(slot(0))).toBeUndefined();
		expect(retry.find({ ...slot(1), kind: 'export' })).toBeUndefined();
	});

	it('does not hand a job to another run of the node or to another execution', () => {
		const store: IDataObject = {};
		new StartLedger(store, scope()).confirm(slot(0), 'job_1');
		expect(new StartLedger(store, scope({ runIndex: 1 })).find(slot(0))).toBeUndefined();
		expect(new StartLedger(store, scope({ executionId: '101' })).find(slot(0))).toBeUndefined();
		// and entries of other executions' tries are dropped from the saved data
		expect(Object.keys(store.startLedger as IDataObject)).toEqual([]);
	});

	it('reports a claimed start without a job id as unknown: it may have been billed', () => {
		const store: IDataObject = {};
		new StartLedger(store, scope()).claim(slot(0, 'row-7'));
		expect(new StartLedger(store, scope({ executionId: '101' })).find(slot(0, 'row-7'))).toEqual({
			state: 'unknown',
			startedAt: 1_000 * HOUR,
			reusedBy: 'idempotencyKey',
		});
	});

	it('forgets a start the service refused', () => {
		const store: IDataObject = {};
		const ledger = new StartLedger(store, scope());
		ledger.claim(slot(0, 'row-7'));
		ledger.release(slot(0, 'row-7'));
		expect(ledger.find(slot(0, 'row-7'))).toBeUndefined();
		expect(new StartLedger(store, scope()).find(slot(0, 'row-7'))).toBeUndefined();
	});

	it('finds a keyed job from any item and execution within the retention, not after', () => {
		const store: IDataObject = {};
		new StartLedger(store, scope()).confirm(slot(3, ' row-7 '), 'job_7');

		const later = (hours: number) => new StartLedger(store, scope({ executionId: '200', now: (1_000 + hours) * HOUR }));
		expect(later(23.9).find(slot(0, 'row-7'))).toMatchObject({ jobId: 'job_7', reusedBy: 'idempotencyKey' });
		expect(later(24).find(slot(0, 'row-7'))).toBeUndefined();
		expect(store.startLedger).toEqual({});
	});

	it('honours a retention the user sets', () => {
		const store: IDataObject = {};
		new StartLedger(store, scope({ retentionMs: HOUR })).confirm(slot(0, 'k'), 'job_1');
		const at = (hours: number) => new StartLedger(store, scope({ now: (1_000 + hours) * HOUR, retentionMs: HOUR }));
		expect(at(0.5).find(slot(0, 'k'))).toBeDefined();
		expect(at(1).find(slot(0, 'k'))).toBeUndefined();
	});

	it('keeps the claim time when the job id arrives', () => {
		const store: IDataObject = {};
		new StartLedger(store, scope()).claim(slot(0, 'k'));
		new StartLedger(store, scope({ now: 1_000 * HOUR + 5_000 })).confirm(slot(0, 'k'), 'job_1');
		expect(new StartLedger(store, scope()).find(slot(0, 'k'))).toMatchObject({ startedAt: 1_000 * HOUR });
	});

	it('does not rewrite unchanged static data when opened', () => {
		const store: IDataObject = {};
		new StartLedger(store, scope());
		expect(store).toEqual({});
		new StartLedger(store, scope()).confirm(slot(0, 'k'), 'job_1');
		const saved = store.startLedger;
		new StartLedger(store, scope());
		expect(store.startLedger).toBe(saved);
	});

	it('settles a finished run: its retry entries go, keyed entries and other runs stay', () => {
		const store: IDataObject = {};
		const ledger = new StartLedger(store, scope());
		ledger.confirm(slot(0), 'job_1');
		ledger.confirm(slot(1, 'k'), 'job_2');
		new StartLedger(store, scope({ runIndex: 1 })).confirm(slot(0), 'job_3');
		new StartLedger(store, scope()).settle();
		expect(new StartLedger(store, scope()).find(slot(0))).toBeUndefined();
		expect(new StartLedger(store, scope()).find(slot(1, 'k'))).toMatchObject({ jobId: 'job_2' });
		expect(new StartLedger(store, scope({ runIndex: 1 })).find(slot(0))).toMatchObject({ jobId: 'job_3' });
	});

	it("marks n8n's static data changed with its first claim, and edits that one object after, which n8n saves as it ends", () => {
		// The static data as n8n's Workflow holds it (n8n-workflow of n8n 2.41.1 and 1.123.81).
		const store = ObservableObject.create({}, undefined, { ignoreEmptyOnFirstChild: true }) as IDataObject;
		const ledger = new StartLedger(store, scope());
		ledger.claim(slot(0));
		expect(store.__dataChanged).toBe(true);
		const written = store.startLedger;
		ledger.confirm(slot(0), 'job_0');
		for (let item = 1; item < 1_000; item += 1) ledger.claim(slot(item));
		// No copy per start: a batch's starts cost the same however many came before.
		expect(store.startLedger).toBe(written);
		const saved = JSON.parse(JSON.stringify(store)) as { startLedger: Record<string, IDataObject> };
		expect(Object.keys(saved.startLedger)).toHaveLength(1_000);
		expect(saved.startLedger['retry:100:0:0:generation']).toMatchObject({ jobId: 'job_0' });
	});

	it('ignores saved data of an unexpected shape', () => {
		const store: IDataObject = { startLedger: { broken: 'x', other: null } as unknown as IDataObject };
		expect(new StartLedger(store, scope()).find(slot(0))).toBeUndefined();
		expect(store.startLedger).toEqual({});
	});
});

describe('key leaders', () => {
	it('points each item at the first item of the batch with the same key', () => {
		expect(keyLeaders(['a', 'b', ' a', undefined, '', 'b', 'c'])).toEqual([0, 1, 0, 3, 4, 1, 6]);
	});
});
