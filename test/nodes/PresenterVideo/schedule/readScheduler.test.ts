import { ReadScheduler } from '../../../../nodes/PresenterVideo/schedule/readScheduler';

const budget = { limit: 100, windowMs: 60_000 };

/** A scheduler that records what it asks the queue to reconsider: a job, or every job ('all'). */
function recording(): { reads: ReadScheduler; asked: unknown[]; taken(): unknown[] } {
	const asked: unknown[] = [];
	const reads: ReadScheduler = new ReadScheduler(
		() => budget,
		(key) => asked.push(key === reads ? 'all' : key),
	);
	return { reads, asked, taken: () => asked.splice(0) };
}

describe('read scheduler', () => {
	it('keeps the oldest job on the service schedule while no job has finished', () => {
		const reads = new ReadScheduler(() => budget);
		const oldest = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		reads.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		expect(reads.nextReadAt(oldest)).toBe(5_000);
		reads.observe(oldest, 65_000, false);
		expect(reads.nextReadAt(oldest)).toBe(75_000);
	});

	it('keeps the shortest video on the schedule too: it may end first', () => {
		const reads = new ReadScheduler(() => budget);
		reads.track({ kind: 'generation', startedAt: 0, size: 120 });
		const shortest = reads.track({ kind: 'generation', startedAt: 60_000, size: 15 });
		const other = reads.track({ kind: 'generation', startedAt: 30_000, size: 60 });
		expect(reads.nextReadAt(shortest)).toBe(65_000);
		expect(reads.nextReadAt(other)).toBe(30_000 + 30_000);
	});

	it('lets younger jobs rest while nothing has finished, longer the more jobs share the budget', () => {
		const few = new ReadScheduler(() => budget);
		few.track({ kind: 'generation', startedAt: 0, size: 30 });
		const young = few.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		expect(few.nextReadAt(young)).toBe(1_000 + 30_000);

		const many = new ReadScheduler(() => budget);
		many.track({ kind: 'generation', startedAt: 0, size: 30 });
		const jobs = Array.from({ length: 100 }, () => many.track({ kind: 'generation', startedAt: 1_000, size: 30 }));
		// 101 jobs need 60.6 s of the budget to be read once each; resting ones take a tenth of it.
		expect(many.nextReadAt(jobs[0])).toBeCloseTo(1_000 + 10 * 60_600);
	});

	it('tells resting jobs to look again when the number of jobs doubles', () => {
		const { reads, taken } = recording();
		reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		taken();
		for (let job = 0; job < 8; job += 1) reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		// From 2 to 9 jobs, the count doubles twice (at 3 and at 7).
		expect(taken().filter((key) => key === 'all')).toHaveLength(2);
	});

	it('reads each job at its expected end once one job has finished, scaled by video length', () => {
		const reads = new ReadScheduler(() => budget);
		const first = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const same = reads.track({ kind: 'generation', startedAt: 2_000, size: 30 });
		const longer = reads.track({ kind: 'generation', startedAt: 2_000, size: 60 });
		reads.observe(first, 145_000, false);
		reads.observe(first, 150_000, true);
		reads.release(first);
		expect(reads.nextReadAt(same)).toBe(152_000);
		// Twice as long a video is expected to take twice as long.
		expect(reads.nextReadAt(longer)).toBe(302_000);
		// Past its expected end and still running: back to the schedule.
		reads.observe(longer, 302_000, false);
		expect(reads.nextReadAt(longer)).toBe(332_000);
	});

	it('probes halfway when a finish was seen late, and narrows the bounds with each read', () => {
		const { reads, taken } = recording();
		// Oldest and shortest, it keeps the schedule: the jobs below are probed.
		reads.track({ kind: 'generation', startedAt: 0, size: 20 });
		const first = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const second = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const third = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		// Read for the first time long after it ended: 200 s is only an upper bound.
		reads.observe(first, 200_000, true);
		reads.release(first);
		expect(reads.nextReadAt(second)).toBe(100_000);
		taken();
		reads.observe(second, 100_000, false);
		expect(taken()).toEqual(['all']);
		expect(reads.nextReadAt(second)).toBe(150_000);
		reads.observe(third, 150_000, true);
		// 100 s running and 150 s finished are still apart: halfway again.
		expect(reads.nextReadAt(second)).toBeCloseTo(125_000);
		reads.observe(second, 140_000, false);
		// Within a tenth of each other: the finish is taken as the time.
		expect(reads.nextReadAt(second)).toBe(150_000);
	});

	it('keeps pioneers on the schedule while a finish seen late leaves the bounds apart', () => {
		const { reads, taken } = recording();
		const first = reads.track({ kind: 'export', startedAt: 0, size: 10 });
		const next = reads.track({ kind: 'export', startedAt: 600_000, size: 30 });
		const young = reads.track({ kind: 'export', startedAt: 610_000, size: 30 });
		// One more, so that the release below does not halve the count.
		reads.track({ kind: 'export', startedAt: 620_000, size: 30 });
		reads.observe(first, 3_000, false);
		// Read again only after a batch's starts: 80 s a second of video is far above the job time.
		reads.observe(first, 800_000, true);
		taken();
		reads.release(first);
		// The next oldest becomes a pioneer and must look again.
		expect(taken()).toContain(next);
		// Halfway (40.15 s a second of video) lies beyond every waiting job's age: the pioneer reads
		// on the schedule rather than leaving the window idle until one gets there.
		expect(reads.nextReadAt(next)).toBe(603_000);
		expect(reads.nextReadAt(young)).toBe(610_000 + 40_150 * 30);
		// It finished long ago: the bound comes down, and with it the others' expected ends.
		reads.observe(next, 800_000, true);
		expect(reads.nextReadAt(young)).toBeCloseTo(610_000 + ((300 + 200_000 / 30) / 2) * 30);
	});

	it('learns each kind apart, and follows a fixed interval when one is set', () => {
		const reads = new ReadScheduler(() => budget);
		const generation = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const exportJob = reads.track({ kind: 'export', startedAt: 0, size: 30 });
		reads.observe(generation, 20_000, true);
		expect(reads.nextReadAt(exportJob)).toBe(3_000);
		expect(reads.nextReadAt(exportJob, 1_000)).toBe(1_000);
	});

	it('tells resting jobs to look again when a job teaches something, and only the next pioneer when one leaves', () => {
		const { reads, taken } = recording();
		const oldest = reads.track({ kind: 'generation', startedAt: 0, size: 30 });
		const young = reads.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		const pioneer = reads.track({ kind: 'generation', startedAt: 2_000, size: 10 });
		// Three more, so that no release below halves the count.
		const shortAfter = reads.track({ kind: 'generation', startedAt: 3_000, size: 20 });
		reads.track({ kind: 'generation', startedAt: 4_000, size: 30 });
		reads.track({ kind: 'generation', startedAt: 5_000, size: 30 });
		taken();
		reads.observe(young, 5_000, false);
		expect(taken()).toEqual([]);
		// Before any has finished, the shortest leaving makes another one a pioneer: it alone looks again.
		reads.release(pioneer);
		expect(taken()).toEqual([shortAfter]);
		reads.observe(oldest, 100_000, true);
		expect(taken()).toEqual(['all']);
		// While the job time lies anywhere between 4 and 100 s, the oldest leaving still matters to the next oldest.
		reads.release(oldest);
		expect(taken()).toEqual([young]);
		// Seen running at 94 s: the bounds are within a tenth, and pioneers no longer matter.
		reads.observe(young, 95_000, false);
		expect(taken()).toEqual(['all']);
		reads.release(young);
		expect(taken()).toEqual([]);
	});

	it('tells the shortest job to look again when a shorter one joins: it no longer keeps the schedule', () => {
		const { reads, taken } = recording();
		reads.track({ kind: 'generation', startedAt: 0, size: 60 });
		const short = reads.track({ kind: 'generation', startedAt: 1_000, size: 30 });
		const other = reads.track({ kind: 'generation', startedAt: 2_000, size: 45 });
		// It took the shortest's place from the first when it joined.
		const asked = taken();
		expect(asked).toContain(short);
		expect(asked).not.toContain(other);
		const shorter = reads.track({ kind: 'generation', startedAt: 3_000, size: 15 });
		expect(taken()).toEqual([short, shorter]);
		expect(reads.nextReadAt(short)).toBeGreaterThan(reads.nextReadAt(shorter));
	});
});
