import { abortableSleep, restFor } from '../../../../nodes/PresenterVideo/schedule/time';

describe('restFor', () => {
	beforeEach(() => jest.useFakeTimers({ now: 0 }));
	afterEach(() => jest.useRealTimers());

	it("uses n8n's timer that a signal clears, in the n8n-workflow the package is built against", () => {
		// If n8n-workflow's sleep stops taking a signal, an aborted rest leaves its timer to run out: this says so.
		expect(abortableSleep).toBeDefined();
	});

	it('rests the time asked', async () => {
		let ended = false;
		const rest = restFor(60_000, new AbortController().signal).then(() => (ended = true));
		await jest.advanceTimersByTimeAsync(59_999);
		expect(ended).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		await rest;
		expect(ended).toBe(true);
	});

	it('ends at once when the signal aborts, leaving no timer behind, and never rejects', async () => {
		const stop = new AbortController();
		const rest = restFor(3_600_000, stop.signal);
		expect(jest.getTimerCount()).toBe(1);
		stop.abort();
		await expect(rest).resolves.toBeUndefined();
		expect(jest.getTimerCount()).toBe(0);
		await expect(restFor(1_000, stop.signal)).resolves.toBeUndefined();
		expect(jest.getTimerCount()).toBe(0);
	});
});
