import { serviceMs } from '../transport/serviceTime';
import { JOB_KINDS, pollInterval } from './jobKinds';
import type { JobKind } from './types';

/** A job being waited for, as the scheduler sees it. */
export interface ScheduledRead {
	kind: JobKind;
	startedAt: number;
	/** The job's size (the video's requested seconds); job times are taken as proportional to it. */
	size: number;
	lastReadAt?: number;
}

export interface RateShape {
	limit: number;
	windowMs: number;
}

/** Spread of the longest rest between two reads of a job nobody expects to have finished yet. */
const SPECULATIVE_SHARE = 4;

function scheduledInterval(kind: JobKind, elapsedMs: number): number {
	return serviceMs(pollInterval(kind, elapsedMs / serviceMs(1)));
}

function longestInterval(kind: JobKind): number {
	const steps = JOB_KINDS[kind].schedule;
	return serviceMs(steps[steps.length - 1].everyMs);
}

/**
 * Decides when each waiting job is read, so that reads go to the jobs most likely finished. Until
 * a job of a kind finishes, only the oldest job of that kind follows the service's schedule; the
 * others rest, at most a share of the budget apart. Once one has finished, its time (per second
 * of video) tells when the others should: each is read at its expected end, then on the schedule.
 */
export class ReadScheduler {
	private readonly jobs = new Set<ScheduledRead>();

	/** Shortest time to finish seen, per second of video. */
	private readonly finishPerSize: Partial<Record<JobKind, number>> = {};

	/** The oldest waiting job of each kind, worked out again after jobs come or go. */
	private pioneers?: Partial<Record<JobKind, ScheduledRead>>;

	/** Changes whenever a read's due time may have moved for jobs other than the one read. */
	version = 0;

	constructor(private readonly rate: () => RateShape) {}

	track(job: Omit<ScheduledRead, 'lastReadAt'>): ScheduledRead {
		const entry: ScheduledRead = { ...job, size: job.size > 0 ? job.size : 1 };
		this.jobs.add(entry);
		this.pioneers = undefined;
		return entry;
	}

	release(entry: ScheduledRead): void {
		if (this.isPioneer(entry)) this.version += 1;
		this.jobs.delete(entry);
		this.pioneers = undefined;
	}

	/** A read came back at `at`: a finished job teaches how long such jobs take. */
	observe(entry: ScheduledRead, at: number, finished: boolean): void {
		entry.lastReadAt = at;
		if (!finished) return;
		const perSize = (at - entry.startedAt) / entry.size;
		const known = this.finishPerSize[entry.kind];
		if (known !== undefined && known <= perSize) return;
		this.finishPerSize[entry.kind] = perSize;
		this.version += 1;
	}

	/** The oldest job of its kind still waiting: it keeps the schedule until one finishes. */
	private isPioneer(entry: ScheduledRead): boolean {
		if (!this.pioneers) {
			const pioneers: Partial<Record<JobKind, ScheduledRead>> = {};
			for (const job of this.jobs) {
				const oldest = pioneers[job.kind];
				if (!oldest || job.startedAt < oldest.startedAt) pioneers[job.kind] = job;
			}
			this.pioneers = pioneers;
		}
		return this.pioneers[entry.kind] === entry;
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
		const perSize = this.finishPerSize[entry.kind];
		if (perSize !== undefined) {
			const expectedEnd = entry.startedAt + perSize * entry.size;
			return last < expectedEnd ? expectedEnd : scheduled;
		}
		if (this.isPioneer(entry)) return scheduled;
		const longestRest = Math.max(
			fixedIntervalMs ?? longestInterval(entry.kind),
			SPECULATIVE_SHARE * this.fairShareMs(),
		);
		return Math.max(scheduled, last + longestRest);
	}
}
