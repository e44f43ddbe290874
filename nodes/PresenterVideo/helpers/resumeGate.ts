/**
 * Callbacks of one paused execution, handled one at a time in this n8n process. Two callbacks that
 * both find the batch finished would otherwise both resume it: n8n 2.x refuses the second resume
 * itself, n8n 1.x does not. Handled in turn, the later one sees the execution already resumed and
 * costs no API call. Several n8n processes (queue mode with many webhook processors) each have
 * their own gate; there n8n 2.x's own check is what holds.
 */

/** How long an execution resumed here is remembered: longer than any callback retry. */
const RESUMED_MEMORY_MS = 60 * 60_000;
const MAX_REMEMBERED = 1000;

const queues = new Map<string, Promise<unknown>>();
const resumed = new Map<string, number>();

function forgetOld(now: number): void {
	for (const [executionId, at] of resumed) {
		if (now - at < RESUMED_MEMORY_MS && resumed.size <= MAX_REMEMBERED) break;
		resumed.delete(executionId);
	}
}

/** Runs `task` after the callbacks of the same execution already being handled here. */
export async function inTurn<T>(executionId: string, task: (alreadyResumed: boolean) => Promise<T>): Promise<T> {
	const previous = queues.get(executionId) ?? Promise.resolve();
	const current = previous.then(
		async () => await task(resumed.has(executionId)),
		async () => await task(resumed.has(executionId)),
	);
	const settled = current.catch(() => undefined);
	queues.set(executionId, settled);
	try {
		return await current;
	} finally {
		if (queues.get(executionId) === settled) queues.delete(executionId);
	}
}

/** Marks the execution as resumed by this process. */
export function markResumed(executionId: string, now = Date.now()): void {
	forgetOld(now);
	resumed.set(executionId, now);
}
