import { pollInterval } from '../../../../nodes/PresenterVideo/service/jobKinds';
import type { JobKind } from '../../../../nodes/PresenterVideo/service/types';

/**
 * The moments (ms after the start) at which a job that finishes after `jobMs` is polled,
 * ending with the first poll that sees it finished.
 */
function pollMoments(kind: JobKind, jobMs: number): number[] {
	const moments: number[] = [];
	let elapsed = 0;
	do {
		elapsed += pollInterval(kind, elapsed);
		moments.push(elapsed);
	} while (elapsed < jobMs);
	return moments;
}

describe('polling schedule', () => {
	it('polls a generation every 5 s for the first minute, every 10 s until 5 minutes, then every 30 s', () => {
		expect(pollInterval('generation', 0)).toBe(5_000);
		expect(pollInterval('generation', 59_999)).toBe(5_000);
		expect(pollInterval('generation', 60_000)).toBe(10_000);
		expect(pollInterval('generation', 299_999)).toBe(10_000);
		expect(pollInterval('generation', 300_000)).toBe(30_000);
	});

	it('polls an export every 3 s, every 5 s after 30 s, every 10 s after 2 minutes', () => {
		expect(pollInterval('export', 0)).toBe(3_000);
		expect(pollInterval('export', 30_000)).toBe(5_000);
		expect(pollInterval('export', 120_000)).toBe(10_000);
	});

	it('gives a 7-minute generation the status calls of the recommended rhythm', () => {
		const moments = pollMoments('generation', 7 * 60_000);
		// 12 calls in the first minute (5..60 s), 24 until 5 minutes (70..300 s), 4 more at 30 s (330..420 s).
		expect(moments.slice(0, 3)).toEqual([5_000, 10_000, 15_000]);
		expect(moments.filter((moment) => moment <= 60_000)).toHaveLength(12);
		expect(moments.filter((moment) => moment > 60_000 && moment <= 300_000)).toHaveLength(24);
		expect(moments.slice(-4)).toEqual([330_000, 360_000, 390_000, 420_000]);
		expect(moments).toHaveLength(40);
	});

	it('gives a 2.5-minute export 10 + 18 + 3 status calls', () => {
		const moments = pollMoments('export', 150_000);
		expect(moments.filter((moment) => moment <= 30_000)).toHaveLength(10);
		expect(moments.filter((moment) => moment > 30_000 && moment <= 120_000)).toHaveLength(18);
		expect(moments.slice(-3)).toEqual([130_000, 140_000, 150_000]);
	});

	it('calls a job that ends before the first poll exactly once', () => {
		expect(pollMoments('generation', 2_000)).toEqual([5_000]);
	});
});
