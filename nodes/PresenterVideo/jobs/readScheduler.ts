import { JOB_KINDS, pollInterval } from '../service/jobKinds';
import type { JobKind } from '../service/types';

/** A job being waited for, as the scheduler sees it. */
export interface ScheduledRead {
	kind: JobKind;
	startedAt: number;
	/** The job's size (the video's requested seconds); job times are taken as proportional to it. */
	size: number;
	lastReadAt?: number;
}

interface RateShape {
	limit: number;
	windowMs: number;
}

/** Resting jobs together take at most this share of the budget, however many wait. */
const SPECULATIVE_SHARE = 1 / 10;

/** Bounds this close together are taken as the job time; wider ones are probed in the middle. */
const TIGHT_BOUNDS = 1.1;

/** What reads have shown of a kind's time per second of video. */
interface TimeBounds {
	/** Longest time per second of video a job was seen still running. */
	running: number;
	/** Shortest time per second of video a job was seen finished. */
	finished?: number;
}

function scheduledInterval(kind: JobKind, elapsedMs: number): number {
	return pollInterval(kind, elapsedMs);
}

function longestInterval(kind: JobKind): number {
	const steps = JOB_KINDS[kind].schedule;
	return steps[steps.length - 1].everyMs;
}

/**
 * Decides when each waiting job is read, so that reads go to the jobs most likely finished. Until
 * a job of a kind finishes, two jobs of that kind follow the service's schedule: the oldest and
 * the shortest video, one of which ends first when job times grow with video length. The others
 * rest, taking together a small share of the budget. Once one has finished, its time (per second
 * of video) tells when the others should: each is read at its expected end, then on the schedule.
 * A finish seen late (the budget held its read back) only bounds the time from above, so until a
 * job seen running bounds it closely from below, jobs are expected halfway between the two.
 */
export class ReadScheduler {
	private readonly jobs = new Set<ScheduledRead>();

	private readonly bounds: Record<JobKind, TimeBounds> = { generation: { running: 0 }, export: { running: 0 } };

	/** The oldest and the shortest waiting job of each kind, worked out again after jobs come or go. */
	private pioneers?: Set<ScheduledRead>;

	/** The number of jobs resting times were last worked out for (as a power of two). */
	private restScale = 0;

	/** Changes whenever a read's due time may have moved for jobs other than the one read. */
	version = 0;

	constructor(private readonly rate: () => RateShape) {}

	track(job: Omit<ScheduledRead, 'lastReadAt'>): ScheduledRead {
		const entry: ScheduledRead = { ...job, size: job.size > 0 ? job.size : 1 };
		this.jobs.add(entry);
		this.pioneers = undefined;
		this.rescaleRests();
		return entry;
	}

	release(entry: ScheduledRead): void {
		if (this.isPioneer(entry)) this.version += 1;
		this.jobs.delete(entry);
		this.pioneers = undefined;
		this.rescaleRests();
	}

	/** Resting times follow the number of jobs: when it doubles or halves, resting jobs look again. */
	private rescaleRests(): void {
		const scale = Math.floor(Math.log2(this.jobs.size + 1));
		if (scale === this.restScale) return;
		this.restScale = scale;
		this.version += 1;
	}

	/** A read came back at `at`: a job seen running or finished bounds how long such jobs take. */
	observe(entry: ScheduledRead, at: number, finished: boolean): void {
		entry.lastReadAt = at;
		const perSize = (at - entry.startedAt) / entry.size;
		const bounds = this.bounds[entry.kind];
		if (finished) {
			if (bounds.finished !== undefined && bounds.finished <= perSize) return;
			bounds.finished = perSize;
			this.version += 1;
		} else if (perSize > bounds.running) {
			bounds.running = perSize;
			// Only matters to other jobs once a finish gave an upper bound.
			if (bounds.finished !== undefined) this.version += 1;
		}
	}

	/** The time per second of video jobs of a kind are expected to take, once one has finished. */
	private expectedPerSize(kind: JobKind): number | undefined {
		const { running, finished } = this.bounds[kind];
		if (finished === undefined || finished <= running * TIGHT_BOUNDS) return finished;
		return (running + finished) / 2;
	}

	/** The oldest or the shortest job of its kind still waiting: it keeps the schedule until one finishes. */
	private isPioneer(entry: ScheduledRead): boolean {
		if (!this.pioneers) {
			const oldest: Partial<Record<JobKind, ScheduledRead>> = {};
			const shortest: Partial<Record<JobKind, ScheduledRead>> = {};
			for (const job of this.jobs) {
				const old = oldest[job.kind];
				if (!old || job.startedAt < old.startedAt) oldest[job.kind] = job;
				const short = shortest[job.kind];
				if (!short || job.size < short.size || (job.size === short.size && job.startedAt < short.startedAt)) {
					shortest[job.kind] = job;
				}
			}
			this.pioneers = new Set([...Object.values(oldest), ...Object.values(shortest)]);
		}
		return this.pioneers.has(entry);
	}

	/** Time the whole budget needs to read every waiting job once. */
	private fairShareMs(): number {
		const { limit, windowMs } = this.rate();
		return (this.jobs.size * windowMs) / Math.max(limit, 1);
	}

	/** When `entry` should be read next (epoch ms); also its place among reads waiting for room. */
	nextReadAt(entry: ScheduledRead, fixedIntervalMs?: number): number {
		const last = entry.lastReadAt ?? entry.startedAt;
		const scheduled = last + (fixedIntervalMs ?? scheduledInterval(entry.kind, last - entry.startedAt));
		const perSize = this.expectedPerSize(entry.kind);
		if (perSize !== undefined) {
			const expectedEnd = entry.startedAt + perSize * entry.size;
			return last < expectedEnd ? expectedEnd : scheduled;
		}
		if (this.isPioneer(entry)) return scheduled;
		const longestRest = Math.max(
			fixedIntervalMs ?? longestInterval(entry.kind),
			this.fairShareMs() / SPECULATIVE_SHARE,
		);
		return Math.max(scheduled, last + longestRest);
	}
}
