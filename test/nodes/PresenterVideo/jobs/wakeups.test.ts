/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { Wakeups } from '../../../../nodes/PresenterVideo/jobs/wakeups';

describe('wakeups', () => {
	beforeEach(() => jest.useFakeTimers({ now: 0 }));
	afterEach(() => jest.useRealTimers());

	it('ends each rest at its time, on one timer set for the soonest', async () => {
		const wakeups = new Wakeups();
		const ended: Array<[number, number]> = [];
		const rests = [30_000, 10_000, 20_000, 10_000].map(async (at) => {
			await wakeups.until(at);
			ended.push([at, Date.now()]);
		});
		expect(jest.getTimerCount()).toBe(1);
		await jest.advanceTimersByTimeAsync(9_999);
		expect(ended).toEqual([]);
		await jest.advanceTimersByTimeAsync(1);
		expect(ended).toEqual([
			[10_000, 10_000],
			[10_000, 10_000],
		]);
		await jest.advanceTimersByTimeAsync(20_000);
		await Promise.all(rests);
		expect(ended.map(([at, when]) => when - at)).toEqual([0, 0, 0, 0]);
		expect(jest.getTimerCount()).toBe(0);
	});

	it('wakes once a job is due, not in between: an hour of rest is one timer ringing once', async () => {
		const wakeups = new Wakeups();
		const timersSet = jest.spyOn(globalThis, 'setTimeout');
		const rest = wakeups.until(3_600_000);
		await jest.advanceTimersByTimeAsync(3_599_999);
		expect(jest.getTimerCount()).toBe(1);
		await jest.advanceTimersByTimeAsync(1);
		await rest;
		expect(timersSet).toHaveBeenCalledTimes(1);
		expect(jest.getTimerCount()).toBe(0);
	});

	it('moves the timer to a sooner rest, and clears it when every rest is woken', async () => {
		const wakeups = new Wakeups();
		const ended: string[] = [];
		const long = wakeups.until(3_600_000).then(() => ended.push('long'));
		const short = wakeups.until(1_000).then(() => ended.push('short'));
		expect(jest.getTimerCount()).toBe(1);
		await jest.advanceTimersByTimeAsync(1_000);
		await short;
		expect(ended).toEqual(['short']);
		wakeups.wakeAll();
		await long;
		expect(ended).toEqual(['short', 'long']);
		expect(jest.getTimerCount()).toBe(0);
	});

	it('ends one rest by its key, lets the others rest on, and clears the timer with the last', async () => {
		const wakeups = new Wakeups();
		const [first, second] = [{}, {}];
		const ended: string[] = [];
		const firstRest = wakeups.until(1_000, first).then(() => ended.push('first'));
		const secondRest = wakeups.until(2_000, second).then(() => ended.push('second'));
		wakeups.wake(first);
		await firstRest;
		expect(ended).toEqual(['first']);
		wakeups.wake(first);
		await jest.advanceTimersByTimeAsync(1_999);
		expect(ended).toEqual(['first']);
		wakeups.wake(second);
		await secondRest;
		expect(ended).toEqual(['first', 'second']);
		expect(jest.getTimerCount()).toBe(0);
	});
});
