import * as workflow from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** Thrown when the execution is cancelled while the node waits. */
export class WaitCancelledError extends Error {
	constructor() {
		super('The execution was cancelled while waiting');
		this.name = 'WaitCancelledError';
	}
}

/** How often a wait looks at the cancel signal: short enough to stop at once for a person. */
const CANCEL_CHECK_MS = 200;

/**
 * Waits `ms` milliseconds, ending within a moment when the signal aborts: a cancelled execution
 * must not sit out a 30-second polling interval. The signal is checked rather than listened to,
 * so that many jobs waiting side by side do not pile listeners onto one signal.
 */
export async function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
	const until = Date.now() + ms;
	for (;;) {
		if (signal?.aborted) throw new WaitCancelledError();
		const left = until - Date.now();
		if (left <= 0) return;
		await sleep(signal ? Math.min(left, CANCEL_CHECK_MS) : left);
	}
}

type AbortableSleep = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * n8n's timer that an abort signal clears: `sleep(ms, signal)` in n8n-workflow 2.x, whose 1.x
 * `sleep` takes no signal and which has `sleepWithAbort(ms, signal)` instead (both read in
 * n8n-workflow 1.120.31, in n8n 1.123.81, and 2.41.0, in n8n 2.41.1). Undefined where neither is.
 */
export const abortableSleep: AbortableSleep | undefined =
	(workflow as { sleepWithAbort?: AbortableSleep }).sleepWithAbort ??
	(workflow.sleep.length >= 2 ? (workflow.sleep as AbortableSleep) : undefined);

/**
 * Rests `ms` milliseconds, or less when `signal` aborts, which also clears the timer: a rest that
 * ends early leaves nothing running. Never rejects. Where n8n's timers cannot be cleared, the rest
 * runs in short steps that look at the signal.
 */
export async function restFor(ms: number, signal: AbortSignal): Promise<void> {
	if (signal.aborted) return;
	if (abortableSleep) return await abortableSleep(ms, signal).catch(() => undefined);
	const until = Date.now() + ms;
	for (let left = ms; left > 0 && !signal.aborted; left = until - Date.now()) {
		await sleep(Math.min(left, CANCEL_CHECK_MS));
	}
}

export function combineSignals(external: AbortSignal | undefined, internal: AbortController): AbortSignal {
	if (external) {
		if (external.aborted) internal.abort();
		else external.addEventListener('abort', () => internal.abort(), { once: true });
	}
	return internal.signal;
}
