import type { ApiClient } from '../transport/client';
import { ENDPOINTS } from '../transport/endpoints';
import { BudgetDeadlineError } from '../transport/requestBudget';
import type { ReadScheduler, ScheduledRead } from './readScheduler';
import { isTerminal, type ExportJob, type GenerationJob, type JobKind } from './types';
import { WaitCancelledError, waitFor } from './wait';

export type AnyJob = GenerationJob | ExportJob;

export interface WaitTarget {
	kind: JobKind;
	jobId: string;
	itemIndex: number;
	/** When the job was started or first seen: the schedule and Max Wait count from here. */
	startedAt: number;
	/** The status already known (from the start or a status call), kept if nothing newer arrives. */
	lastKnown?: AnyJob;
	/** The video's requested seconds, when known: longer videos are expected to take longer. */
	sizeSeconds?: number;
}

export interface WaitSettings {
	maxWaitMs: number;
	/** A fixed interval instead of the service's recommended schedule. */
	fixedIntervalMs?: number;
	signal?: AbortSignal;
}

export interface WaitOutcome {
	target: WaitTarget;
	job?: AnyJob;
	timedOut: boolean;
	/** The status could not be read (after the transport's retries): the job id is still reported. */
	error?: Error;
}

/** How often a resting job looks whether what other jobs taught moved its read. */
const RECHECK_MS = 200;
/** Size of a job whose video length is not known. */
const DEFAULT_SIZE_SECONDS = 60;

/** Rests until the scheduler says the job is due, or until the deadline. */
async function restUntilDue(
	reads: ReadScheduler,
	entry: ScheduledRead,
	deadline: number,
	settings: WaitSettings,
): Promise<number> {
	let seen = reads.version;
	let due = reads.nextReadAt(entry, settings.fixedIntervalMs);
	for (;;) {
		const now = Date.now();
		if (due <= now || now >= deadline) return due;
		await waitFor(Math.min(due, deadline, now + RECHECK_MS) - now, settings.signal);
		if (reads.version !== seen) {
			seen = reads.version;
			due = reads.nextReadAt(entry, settings.fixedIntervalMs);
		}
	}
}

export async function waitForJob(
	client: ApiClient,
	target: WaitTarget,
	settings: WaitSettings,
	reads: ReadScheduler,
): Promise<WaitOutcome> {
	const deadline = target.startedAt + settings.maxWaitMs;
	let job = target.lastKnown;
	if (job && isTerminal(job.status)) return { target, job, timedOut: false };
	const entry = reads.track({
		kind: target.kind,
		startedAt: target.startedAt,
		size: target.sizeSeconds ?? DEFAULT_SIZE_SECONDS,
	});
	try {
		for (;;) {
			if (job && isTerminal(job.status)) return { target, job, timedOut: false };
			if (Date.now() >= deadline) return { target, job, timedOut: true };
			const due = await restUntilDue(reads, entry, deadline, settings);
			let failure: Error | undefined;
			try {
				job = await client.get<AnyJob>(ENDPOINTS.status[target.kind](target.jobId), {
					itemIndex: target.itemIndex,
					order: due,
					deadline,
				});
			} catch (error) {
				if (error instanceof BudgetDeadlineError) return { target, job, timedOut: true };
				failure = error as Error;
			}
			if (settings.signal?.aborted) throw new WaitCancelledError();
			if (failure) return { target, job, timedOut: false, error: failure };
			reads.observe(entry, Date.now(), job?.status === 'completed');
		}
	} finally {
		reads.release(entry);
	}
}
