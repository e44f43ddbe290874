import * as workflow from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

export class WaitCancelledError extends Error {
	constructor() {
		super('The execution was cancelled while waiting');
		this.name = 'WaitCancelledError';
	}
}

type AbortableSleep = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * n8n's timer an abort signal clears: `sleepWithAbort` in n8n-workflow 1.x, `sleep(ms, signal)` in 2.x
 * (read in n8n-workflow 1.120.31, in n8n 1.123.81, 2.0.3 and 2.20.12, and 2.41.0, in n8n 2.41.1).
 */
export const abortableSleep: AbortableSleep | undefined =
	(workflow as { sleepWithAbort?: AbortableSleep }).sleepWithAbort ??
	(workflow.sleep.length >= 2 ? (workflow.sleep as AbortableSleep) : undefined);

/** Never rejects; an abort ends the rest at once and clears the timer where n8n can. */
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
	if (external?.aborted) internal.abort();
	else external?.addEventListener('abort', () => internal.abort(), { once: true });
	return internal.signal;
}
