import type { ApiClient } from '../transport/client';
import { ENDPOINTS } from '../transport/endpoints';
import type { Semaphore } from './concurrency';
import { pollInterval } from './pollingSchedule';
import { isTerminal, type ExportJob, type GenerationJob, type JobKind } from './types';
import { WaitCancelledError, waitFor } from '../transport/wait';

export type AnyJob = GenerationJob | ExportJob;

export interface WaitTarget {
	kind: JobKind;
	jobId: string;
	itemIndex: number;
	/** When the job was started or first seen: the schedule and Max Wait count from here. */
	startedAt: number;
	/** The status already known (from the start or a status call), kept if nothing newer arrives. */
	lastKnown?: AnyJob;
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

export async function waitForJob(
	client: ApiClient,
	target: WaitTarget,
	settings: WaitSettings,
	gate: Semaphore,
): Promise<WaitOutcome> {
	const deadline = target.startedAt + settings.maxWaitMs;
	let job = target.lastKnown;
	for (;;) {
		if (job && isTerminal(job.status)) return { target, job, timedOut: false };
		const now = Date.now();
		if (now >= deadline) return { target, job, timedOut: true };
		const interval = settings.fixedIntervalMs ?? pollInterval(target.kind, now - target.startedAt);
		await waitFor(Math.min(interval, deadline - now), settings.signal);
		let failure: Error | undefined;
		try {
			job = await gate.use(
				async () =>
					await client.get<AnyJob>(ENDPOINTS.status[target.kind](target.jobId), { itemIndex: target.itemIndex }),
			);
		} catch (error) {
			failure = error as Error;
		}
		if (settings.signal?.aborted) throw new WaitCancelledError();
		if (failure) return { target, job, timedOut: false, error: failure };
	}
}
