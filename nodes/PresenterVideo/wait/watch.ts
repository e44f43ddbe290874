import type { IDataObject, Logger } from 'n8n-workflow';

import { isTerminal, JOB_KINDS, pollInterval } from '../service/jobKinds';
import type { ServiceJob } from '../service/types';
import type { ApiClient } from '../transport/client';
import { serviceMs, waitFor } from '../transport/time';
import { endedState, isResumed, lastCallbackAt, rememberEnded } from './batchMemory';
import { probeOrder, readAllIfEnded, type WaitingJob } from './resume';

/** How often the watch looks whether the batch was resumed meanwhile. */
const LOOK_MS = 1_000;

/** How long callbacks get to arrive once the job expected to end last is seen ended. */
const GRACE_MS = 1_000;

export interface PausedBatch {
	executionId: string;
	jobs: WaitingJob[];
	startedAt: number;
	/** Until then, and until a first callback tells the service's pace, no job is read. */
	quietUntil: number;
	deadline: number;
	client: ApiClient;
	/** Calls the execution's resume address, as the service would; resolves with the HTTP status. */
	wake: (body: IDataObject) => Promise<void>;
	logger: Logger;
}

/**
 * Watches a paused batch for jobs the service does not call back for: the service's code calls
 * back only for completed generations, never for failures, and a delivery can be lost. While the
 * service is silent for a polling interval, one job is read (the one expected to end last); once it
 * has ended and no callback came within a moment, the others are read, and once every job has
 * ended, the watch calls the resume address itself. A callback within the interval
 * puts the next read off, so a service that calls back for everything is rarely read here.
 * A read that fails is tried again at the next interval. Ends when the batch is resumed, at Max
 * Wait, or when calling the resume address fails (Max Wait then holds).
 */
export async function watchPausedBatch(batch: PausedBatch): Promise<void> {
	const { executionId, jobs, startedAt, quietUntil, deadline } = batch;
	let lastReadAt = startedAt;
	try {
		for (;;) {
			const quietSince = Math.max(lastReadAt, lastCallbackAt(executionId) ?? 0);
			const paced = quietSince + serviceMs(pollInterval('generation', (quietSince - startedAt) / serviceMs(1)));
			const due = lastCallbackAt(executionId) === undefined ? Math.max(paced, quietUntil) : paced;
			if (due >= deadline) return;
			await waitFor(Math.min(Math.max(due - Date.now(), 0), LOOK_MS));
			if (isResumed(executionId)) return;
			if (Date.now() < due) continue;
			if ((lastCallbackAt(executionId) ?? 0) > quietSince) continue;
			lastReadAt = Date.now();
			let ended: Map<number, ServiceJob> | undefined;
			try {
				ended = await readIfAllEnded(batch, lastReadAt);
			} catch (error) {
				// The service down, or refusals past their retries: the next interval reads again.
				batch.logger.warn(
					`Presenter Video: the watch of a paused batch could not read a status; it reads again later (${(error as Error).message})`,
				);
				continue;
			}
			if (!ended) continue;
			if (isResumed(executionId)) return;
			for (const state of ended.values()) rememberEnded(executionId, state);
			const named = jobs[jobs.length - 1];
			await batch.wake({ job_id: named.jobId, status: ended.get(named.itemIndex)?.status, watch: true });
			return;
		}
	} catch (error) {
		batch.logger.warn(
			`Presenter Video: the watch of a paused batch stopped; it goes on at the next callback or at Max Wait (${(error as Error).message})`,
		);
	}
}

/**
 * Reads the job expected to end last; once it has ended and no callback came within a moment, the
 * others. Every job's final state, or undefined while one runs or a callback came meanwhile.
 */
async function readIfAllEnded(
	{ executionId, jobs, client }: PausedBatch,
	readAt: number,
): Promise<Map<number, ServiceJob> | undefined> {
	const read = async (job: WaitingJob) =>
		endedState(executionId, job.jobId) ?? (await client.get<ServiceJob>(JOB_KINDS[job.kind].statusPath(job.jobId)));
	const order = probeOrder(jobs);
	const last = await read(order[0]);
	if (!isTerminal(last?.status)) return undefined;
	rememberEnded(executionId, last);
	// The job expected to end last has ended: callbacks may be on their way, give them a moment.
	await waitFor(serviceMs(GRACE_MS));
	if (isResumed(executionId) || (lastCallbackAt(executionId) ?? 0) > readAt) return undefined;
	return await readAllIfEnded(order, read);
}
