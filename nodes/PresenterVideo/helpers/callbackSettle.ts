import type { JobKind, ServiceJob } from './types';

/** A job of a paused batch, as its waiting item records it. */
export interface WaitingJob {
	itemIndex: number;
	kind: JobKind;
	jobId: string;
	/** The start's estimate: a longer video costs more and takes longer. */
	estimatedCredits: number;
}

/** Reads, in flight at once, at the widest step of a sweep. */
const MAX_WAVE = 16;

export function isTerminal(status: unknown): boolean {
	return status === 'completed' || status === 'failed';
}

/**
 * The order in which to look for an unfinished job: the one expected to end last first (the
 * costliest, then the latest started). A job whose own callback just said it ended goes last.
 */
export function probeOrder(jobs: WaitingJob[], reportedEnded?: string): WaitingJob[] {
	const expectedLastFirst = [...jobs].sort(
		(a, b) => b.estimatedCredits - a.estimatedCredits || b.itemIndex - a.itemIndex,
	);
	if (reportedEnded === undefined) return expectedLastFirst;
	return [
		...expectedLastFirst.filter((job) => job.jobId !== reportedEnded),
		...expectedLastFirst.filter((job) => job.jobId === reportedEnded),
	];
}

/**
 * Reads jobs in `order` until one is unfinished: one read first, then waves twice as wide, so a
 * batch still running costs a single read and a finished batch is read in a few round trips.
 * Returns every job's final state, or undefined as soon as one job is still running.
 */
export async function readAllIfEnded(
	order: WaitingJob[],
	read: (job: WaitingJob) => Promise<ServiceJob>,
): Promise<Map<number, ServiceJob> | undefined> {
	const ended = new Map<number, ServiceJob>();
	let wave = 1;
	for (let position = 0; position < order.length; position += wave, wave = Math.min(wave * 2, MAX_WAVE)) {
		const batch = order.slice(position, position + wave);
		const states = await Promise.all(batch.map(async (job) => await read(job)));
		if (states.some((state) => !isTerminal(state?.status))) return undefined;
		batch.forEach((job, index) => ended.set(job.itemIndex, states[index]));
	}
	return ended;
}
