import { eventKey, hasEntry, withEntry } from '../../../../nodes/PresenterVideoTrigger/delivery/deliveryLedger';

const HOUR = 60 * 60 * 1000;
const limits = { maxEntries: 3, ttlMs: 24 * HOUR };

describe('deliveryLedger', () => {
	it('keys an event by job and final status, whatever the case', () => {
		expect(eventKey('run_1', 'COMPLETED')).toBe(eventKey('run_1', 'completed'));
		expect(eventKey('run_1', 'completed')).not.toBe(eventKey('run_1', 'failed'));
		expect(eventKey('run_1', 'completed')).not.toBe(eventKey('run_2', 'completed'));
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
		let ledger = withEntry(undefined, eventKey('run_0', 'completed'), 0);
		for (let index = 1; index < 1500; index++)
			ledger = withEntry(ledger, eventKey(`run_${'x'.repeat(20)}${index}`, 'completed'), index);
		expect(Object.keys(ledger.entries)).toHaveLength(1000);
		expect(JSON.stringify(ledger).length).toBeLessThan(60_000);
	});
});
