import * as workflow from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** Thrown when the execution is cancelled while the node waits. */
export class WaitCancelledError extends Error {
	constructor() {
		super('The execution was cancelled while waiting');
		this.name = 'WaitCancelledError';
	}
}

type AbortableSleep = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * n8n's timer that an abort signal clears: `sleep(ms, signal)` in n8n-workflow 2.x, whose 1.x
 * `sleep` takes no signal and which has `sleepWithAbort(ms, signal)` instead (both read in
 * n8n-workflow 1.120.31, in n8n 1.123.81, 2.0.3 and 2.20.12, and 2.41.0, in n8n 2.41.1).
 * Undefined where neither is.
 */
export const abortableSleep: AbortableSleep | undefined =
	(workflow as { sleepWithAbort?: AbortableSleep }).sleepWithAbort ??
	(workflow.sleep.length >= 2 ? (workflow.sleep as AbortableSleep) : undefined);

/**
 * Every wait that is not the request budget's queue: rests `ms` milliseconds, or less when
 * `signal` aborts, which also clears the timer, so a rest that ends early leaves nothing running.
 * Never rejects. Where n8n's timers cannot be cleared, an abort still ends the rest at once and
 * the timer runs out on its own.
 */
export async function restFor(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	if (signal.aborted) return;
	if (abortableSleep) return await abortableSleep(ms, signal).catch(() => undefined);
	await new Promise<void>((resolve) => {
		signal.addEventListener('abort', () => resolve(), { once: true });
		void sleep(ms).then(resolve);
	});
}

export function combineSignals(external: AbortSignal | undefined, internal: AbortController): AbortSignal {
	if (external) {
		if (external.aborted) internal.abort();
		else external.addEventListener('abort', () => internal.abort(), { once: true });
	}
	return internal.signal;
}
