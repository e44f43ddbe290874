import { waitedForMs } from '../../../../nodes/PresenterVideo/wait/fields';

const rate = { limit: 100, windowMs: 60_000 };

describe('Max Wait', () => {
	it('left at its default, grows with the batch by the time the rate limit takes for 5 calls an item', () => {
		const wait = { maxWaitMs: 30 * 60_000 };
		expect(waitedForMs({ ...wait, batchItems: 1 }, rate)).toBe(30 * 60_000 + 3_000);
		expect(waitedForMs({ ...wait, batchItems: 5_000 }, rate)).toBe((30 + 250) * 60_000);
		// A lower limit takes longer for the same calls.
		expect(waitedForMs({ ...wait, batchItems: 100 }, { limit: 10, windowMs: 60_000 })).toBe((30 + 50) * 60_000);
	});

	it('set by a person, means what it says whatever the batch', () => {
		expect(waitedForMs({ maxWaitMs: 30 * 60_000, maxWaitGiven: true, batchItems: 5_000 }, rate)).toBe(30 * 60_000);
		expect(waitedForMs({ maxWaitMs: 0, maxWaitGiven: true, batchItems: 5_000 }, rate)).toBe(0);
	});
});
