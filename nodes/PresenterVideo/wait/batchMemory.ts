import type { ServiceJob } from '../service/types';

/**
 * What this n8n process has learnt about its paused batches, between the calls to their resume
 * address and the watch that looks for jobs the service does not call back for. Only a shortcut:
 * every decision still holds without it (several n8n processes in queue mode each see a part).
 */

/** How long a batch is remembered: longer than any callback retry. */
const MEMORY_MS = 60 * 60_000;

const MAX_REMEMBERED = 1000;

interface BatchMemory {
	touchedAt: number;
	/** This process paused the batch (and watches it): it runs the batch, not only answers its callbacks. */
	pausedHere: boolean;
	resumed: boolean;
	/** When the service last called back about the batch. */
	lastCallbackAt?: number;
	/** Final states read from the service. */
	ended: Map<string, ServiceJob>;
	/** Completed generations as their callback told, before the status says so. */
	reported: Map<string, ServiceJob>;
	/** Jobs whose callback was looked into here: the batch was read and found unfinished. */
	lookedInto: Set<string>;
}

const batches = new Map<string, BatchMemory>();

function forgetOld(now: number): void {
	for (const [executionId, memory] of batches) {
		if (now - memory.touchedAt < MEMORY_MS && batches.size <= MAX_REMEMBERED) break;
		batches.delete(executionId);
	}
}

function memoryOf(executionId: string, now = Date.now()): BatchMemory {
	let memory = batches.get(executionId);
	if (!memory) {
		forgetOld(now);
		memory = {
			touchedAt: now,
			pausedHere: false,
			resumed: false,
			ended: new Map(),
			reported: new Map(),
			lookedInto: new Set(),
		};
		batches.set(executionId, memory);
	}
	memory.touchedAt = now;
	return memory;
}

export function markPausedHere(executionId: string): void {
	memoryOf(executionId).pausedHere = true;
}

export function wasPausedHere(executionId: string): boolean {
	return batches.get(executionId)?.pausedHere === true;
}

export function markResumed(executionId: string): void {
	memoryOf(executionId).resumed = true;
}

export function isResumed(executionId: string): boolean {
	return batches.get(executionId)?.resumed === true;
}

export function noteCallback(executionId: string, now = Date.now()): void {
	memoryOf(executionId, now).lastCallbackAt = now;
}

export function lastCallbackAt(executionId: string): number | undefined {
	return batches.get(executionId)?.lastCallbackAt;
}

export function rememberEnded(executionId: string, job: ServiceJob): void {
	memoryOf(executionId).ended.set(job.job_id, job);
}

export function endedState(executionId: string, jobId: string): ServiceJob | undefined {
	return batches.get(executionId)?.ended.get(jobId);
}

export function rememberReported(executionId: string, job: ServiceJob): void {
	memoryOf(executionId).reported.set(job.job_id, job);
}

export function reportedState(executionId: string, jobId: string): ServiceJob | undefined {
	return batches.get(executionId)?.reported.get(jobId);
}

export function rememberLookedInto(executionId: string, jobId: string): void {
	memoryOf(executionId).lookedInto.add(jobId);
}

export function wasLookedInto(executionId: string, jobId: string): boolean {
	return batches.get(executionId)?.lookedInto.has(jobId) === true;
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after the calls about the same execution already being handled here. Two calls that
 * both find the batch finished would otherwise both resume it: n8n 2.x refuses the second resume
 * itself, n8n 1.x does not. Handled in turn, the later one sees the execution already resumed and
 * costs no API call.
 */
export async function inTurn<T>(executionId: string, task: (alreadyResumed: boolean) => Promise<T>): Promise<T> {
	const previous = queues.get(executionId) ?? Promise.resolve();
	const current = previous.then(
		async () => await task(isResumed(executionId)),
		async () => await task(isResumed(executionId)),
	);
	const settled = current.catch(() => undefined);
	queues.set(executionId, settled);
	try {
		return await current;
	} finally {
		if (queues.get(executionId) === settled) queues.delete(executionId);
	}
}
