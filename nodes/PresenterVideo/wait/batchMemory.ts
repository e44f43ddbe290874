import { ProcessMemory } from '../transport/processMemory';
import type { ServiceJob } from '../service/types';
import { TIMING } from '../timing';

/**
 * What this n8n process has learnt about the paused batches whose callbacks it answers: the jobs
 * known to have ended, and when the last callback came. Only a shortcut that saves status reads:
 * every decision still holds without it (in queue mode each webhook process sees a part).
 *
 * A batch is one pause: a node paused again in the same execution (Loop Over Items, an IF leading
 * back) waits at the same address with other jobs, and is a batch of its own.
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

/**
 * The key of one pause: its execution, its node, and a job only it waits for (a job id belongs to
 * the one pause that started it).
 */
export function batchKey(executionId: string, nodeId: string, firstJobId: string): string {
	return `${executionId} ${nodeId} ${firstJobId}`;
}

/** The memory of one paused batch; a use keeps it for another `TIMING.batchMemory.keepMs`. */
export function batchMemory(batch: string, now = Date.now()): BatchMemory {
	const memory = batches.get(batch, now) ?? { resumed: false, ended: new Map(), calledBack: new Set(), callbacks: 0 };
	batches.set(batch, memory, now);
	return memory;
}

/**
 * A batch handed back to n8n keeps only its mark, so a copy of a callback that n8n lets through
 * (n8n 1.x does) resumes nothing; what it knew of its jobs is let go.
 */
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
 * Runs `task` after the calls about the same batch already being handled here. Two calls that both
 * find the batch finished would otherwise both resume it: n8n 2.x refuses the second resume itself,
 * n8n 1.x does not. Handled in turn, the later one sees the batch already resumed. The queue holds
 * only calls in progress.
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
