import { ReadScheduler } from '../../../../nodes/PresenterVideo/helpers/readScheduler';

const budget = { limit: 100, windowMs: 60_000 };

describe('read scheduler', () => {
	it('keeps the oldest job on the service schedule while no job has finished', () => {
		const reads = new ReadScheduler(() => budget);
		const oldest = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		reads.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		expect(reads.nextReadAt(oldest)).toBe(5_000);
		reads.observe(oldest, 65_000, false);
		expect(reads.nextReadAt(oldest)).toBe(75_000);
	});

	it('lets younger jobs rest while nothing has finished, longer the more jobs share the budget', () => {
		const few = new ReadScheduler(() => budget);
		few.track({ kind: 'generation', startedAt: 0, size: 30 });
		const young = few.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		expect(few.nextReadAt(young)).toBe(1_000 + 30_000);

		const many = new ReadScheduler(() => budget);
		many.track({ kind: 'generation', startedAt: 0, size: 30 });
		const jobs = Array.from({ length: 100 }, () => many.track({ kind: 'generation', startedAt: 1_000, size: 30 }));
		// 101 jobs need 60.6 s of the budget to be read once each; a resting one waits four times that.
		expect(many.nextReadAt(jobs[0])).toBeCloseTo(1_000 + 4 * 60_600);
	});

	it('reads each job at its expected end once one job has finished, scaled by video length', () => {
		const reads = new ReadScheduler(() => budget);
		const first = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const same = reads.track({ kind: 'generation', startedAt: 2_000, size: 30 });
		const longer = reads.track({ kind: 'generation', startedAt: 2_000, size: 60 });
		reads.observe(first, 150_000, true);
		reads.release(first);
		expect(reads.nextReadAt(same)).toBe(152_000);
		// Twice as long a video is expected to take twice as long.
		expect(reads.nextReadAt(longer)).toBe(302_000);
		// Past its expected end and still running: back to the schedule.
		reads.observe(longer, 302_000, false);
		expect(reads.nextReadAt(longer)).toBe(332_000);
	});

	it('learns each kind apart, and follows a fixed interval when one is set', () => {
		const reads = new ReadScheduler(() => budget);
		const generation = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const exportJob = reads.track({ kind: 'export', startedAt: 0, size: 30 });
		reads.observe(generation, 20_000, true);
		expect(reads.nextReadAt(exportJob)).toBe(3_000);
		expect(reads.nextReadAt(exportJob, 1_000)).toBe(1_000);
	});

	it('tells resting jobs to look again when a job teaches something or the oldest leaves', () => {
		const reads = new ReadScheduler(() => budget);
		const oldest = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const young = reads.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		const before = reads.version;
		reads.observe(young, 5_000, false);
		expect(reads.version).toBe(before);
		reads.observe(oldest, 100_000, true);
		expect(reads.version).toBe(before + 1);
		reads.release(oldest);
		expect(reads.version).toBe(before + 2);
		// A slower finish teaches nothing new.
		reads.observe(young, 200_000, true);
		expect(reads.version).toBe(before + 2);
	});
});
