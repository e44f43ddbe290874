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

export function combineSignals(external: AbortSignal | undefined, internal: AbortController): AbortSignal {
	if (external) {
		if (external.aborted) internal.abort();
		else external.addEventListener('abort', () => internal.abort(), { once: true });
	}
	return internal.signal;
}
