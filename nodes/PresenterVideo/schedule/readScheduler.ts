import { JOB_KINDS, pollInterval } from '../service/jobKinds';
import type { JobKind } from '../service/types';
import { MinHeap } from './minHeap';
import { TIMING } from '../timing';

export interface ScheduledRead {
	kind: JobKind;
	startedAt: number;
	/** The job's size (the video's requested seconds); job times are taken as proportional to it. */
	size: number;
	lastReadAt?: number;
	/** Set once the job no longer waits. */
	released?: boolean;
}

export type RateShape = { limit: number; windowMs: number };

const { restingShare, tightBounds } = TIMING;

/** What reads have shown of a kind's time per second of video. */
interface TimeBounds {
	/** Longest time per second of video a job was seen still running. */
	running: number;
	/** Shortest time per second of video a job was seen finished. */
	finished?: number;
}

function longestInterval(kind: JobKind): number {
	const steps = JOB_KINDS[kind].schedule;
	return steps[steps.length - 1].everyMs;
}

/**
 * Reads go to the jobs most likely finished. Until a kind's job time is known, two pioneers keep
 * the service's schedule: the oldest and the shortest, one of which ends first when job times grow
 * with video length; the others rest on a small share of the budget. Then each job is read at its
 * expected end: halfway between the bounds seen running and finished, until they close in.
 */
export class ReadScheduler {
	/** How many jobs wait, all kinds together. */
	private waiting = 0;

	private readonly bounds: Record<JobKind, TimeBounds> = { generation: { running: 0 }, export: { running: 0 } };

	/** The waiting jobs of each kind, oldest first and shortest first: the first of each is a pioneer. */
	private readonly oldest = byKind((a, b) => a.startedAt < b.startedAt);
	private readonly shortest = byKind((a, b) => a.size < b.size || (a.size === b.size && a.startedAt < b.startedAt));

	/** The number of jobs resting times were last worked out for (as a power of two). */
	private restScale = 0;

	constructor(
		private readonly rate: () => RateShape,
		/** Told which due times may have moved: one job's (its entry), or every job's (the scheduler). */
		private readonly reconsider: (key: object) => void = () => undefined,
	) {}

	track(job: Omit<ScheduledRead, 'lastReadAt' | 'released'>): ScheduledRead {
		const entry: ScheduledRead = { ...job, size: job.size > 0 ? job.size : 1 };
		this.changePioneers(entry.kind, () => {
			this.waiting += 1;
			this.oldest[entry.kind].push(entry);
			this.shortest[entry.kind].push(entry);
		});
		this.rescaleRests();
		return entry;
	}

	release(entry: ScheduledRead): void {
		if (entry.released) return;
		this.changePioneers(entry.kind, () => {
			entry.released = true;
			this.waiting -= 1;
		});
		this.rescaleRests();
	}

	/** Only the jobs that became or stopped being pioneers look again, not the thousands resting. */
	private changePioneers(kind: JobKind, change: () => void): void {
		if (!this.searching(kind)) return change();
		const before = this.pioneers(kind);
		change();
		const after = this.pioneers(kind);
		for (const entry of [...before, ...after]) {
			if (!entry.released && !(before.includes(entry) && after.includes(entry))) this.reconsider(entry);
		}
	}

	private pioneers(kind: JobKind): ScheduledRead[] {
		const pioneers = [this.oldest[kind].peekPast(isReleased), this.shortest[kind].peekPast(isReleased)];
		return pioneers.filter((pioneer): pioneer is ScheduledRead => pioneer !== undefined);
	}

	/** Resting times follow the number of jobs: when it doubles or halves, resting jobs look again. */
	private rescaleRests(): void {
		const scale = Math.floor(Math.log2(this.waiting + 1));
		if (scale === this.restScale) return;
		this.restScale = scale;
		this.reconsider(this);
	}

	/** A read came back at `at`: a job seen running or finished bounds how long such jobs take. */
	observe(entry: ScheduledRead, at: number, finished: boolean): void {
		entry.lastReadAt = at;
		const perSize = (at - entry.startedAt) / entry.size;
		const bounds = this.bounds[entry.kind];
		const expected = this.expectedPerSize(entry.kind);
		if (finished) {
			if (bounds.finished !== undefined && bounds.finished <= perSize) return;
			bounds.finished = perSize;
		} else if (perSize > bounds.running) bounds.running = perSize;
		// Other jobs look again only when what they expect moved.
		if (this.expectedPerSize(entry.kind) !== expected) this.reconsider(this);
	}

	/** The time per second of video jobs of a kind are expected to take, once one has finished. */
	private expectedPerSize(kind: JobKind): number | undefined {
		const { running, finished } = this.bounds[kind];
		return finished !== undefined && this.searching(kind) ? (running + finished) / 2 : finished;
	}

	/** Whether reads still look for a kind's job time: none seen finished, or the bounds still apart. */
	private searching(kind: JobKind): boolean {
		const { running, finished } = this.bounds[kind];
		return finished === undefined || finished > running * tightBounds;
	}

	get window(): RateShape {
		return this.rate();
	}

	/** Time the whole budget needs to read every waiting job once. */
	private fairShareMs(): number {
		const { limit, windowMs } = this.rate();
		return (this.waiting * windowMs) / Math.max(limit, 1);
	}

	/** Epoch ms, also the read's place in the queue; asked again when `reconsider` says. */
	nextReadAt(entry: ScheduledRead, fixedIntervalMs?: number): number {
		const last = entry.lastReadAt ?? entry.startedAt;
		const scheduled = last + (fixedIntervalMs ?? pollInterval(entry.kind, last - entry.startedAt));
		const perSize = this.expectedPerSize(entry.kind);
		const pioneer = this.searching(entry.kind) && this.pioneers(entry.kind).includes(entry);
		if (perSize !== undefined) {
			const expectedEnd = entry.startedAt + perSize * entry.size;
			const expected = last < expectedEnd ? expectedEnd : scheduled;
			// Halfway to a finish seen late may lie past every job's age: pioneers keep the window busy meanwhile.
			return pioneer ? Math.min(expected, scheduled) : expected;
		}
		if (pioneer) return scheduled;
		const longestRest = Math.max(fixedIntervalMs ?? longestInterval(entry.kind), this.fairShareMs() / restingShare);
		return Math.max(scheduled, last + longestRest);
	}
}

function byKind(before: (a: ScheduledRead, b: ScheduledRead) => boolean): Record<JobKind, MinHeap<ScheduledRead>> {
	return { generation: new MinHeap(before), export: new MinHeap(before) };
}

const isReleased = (entry: ScheduledRead): boolean => entry.released === true;
