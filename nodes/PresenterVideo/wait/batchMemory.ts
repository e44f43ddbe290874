import { ProcessMemory } from '../transport/processMemory';
import type { ServiceJob } from '../service/types';
import { TIMING } from '../timing';

/**
 * What this n8n process learnt of the paused batches whose callbacks it answers: a shortcut that
 * saves status reads (in queue mode each webhook process sees a part). A batch is one pause: a node
 * paused again in the same execution waits at the same address with other jobs.
 */

export interface BatchMemory {
	/** Set once a callback has handed the batch's results to n8n: later copies resume nothing. */
	resumed: boolean;
	/** Final states: read from the service, or a completed generation as its callback told it. */
	ended: Map<string, ServiceJob>;
	/** Jobs whose callback reached this process. */
	calledBack: Set<string>;
	/** Bumped by every callback: a callback that sees a later one leaves the batch to it. */
	callbacks: number;
}

const batches = new ProcessMemory<BatchMemory>(TIMING.batchMemory);

/** One pause: its execution, its node, and a job only it waits for. */
export function batchKey(executionId: string, nodeId: string, firstJobId: string): string {
	return `${executionId} ${nodeId} ${firstJobId}`;
}

/** The memory of one paused batch; a use keeps it for another `TIMING.batchMemory.keepMs`. */
export function batchMemory(batch: string, now = Date.now()): BatchMemory {
	const memory = batches.get(batch, now) ?? { resumed: false, ended: new Map(), calledBack: new Set(), callbacks: 0 };
	batches.set(batch, memory, now);
	return memory;
}

/** A batch handed back keeps only its mark, so a copy n8n 1.x lets through resumes nothing. */
export function markResumed(memory: BatchMemory): void {
	memory.resumed = true;
	memory.ended.clear();
	memory.calledBack.clear();
}

export function isRemembered(batch: string): boolean {
	return batches.get(batch) !== undefined;
}

/** How many jobs this process remembers across all batches: what the memory weighs. */
export function rememberedJobs(): number {
	let jobs = 0;
	for (const memory of batches.values()) jobs += memory.ended.size + memory.calledBack.size;
	return jobs;
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after the calls about the same batch being handled here, so of two that find it
 * finished the later sees it resumed (n8n 1.x would resume twice). Holds only calls in progress.
 */
export async function inTurn<T>(batch: string, task: () => Promise<T>): Promise<T> {
	const previous = queues.get(batch) ?? Promise.resolve();
	const current = previous.then(task, task);
	const settled = current.catch(() => undefined);
	queues.set(batch, settled);
	try {
		return await current;
	} finally {
		if (queues.get(batch) === settled) queues.delete(batch);
	}
}
