import { sleep } from 'n8n-workflow';

/** Thrown when the execution is cancelled while the node waits. */
export class WaitCancelledError extends Error {
	constructor() {
		super('The execution was cancelled while waiting');
		this.name = 'WaitCancelledError';
	}
}

/**
 * Waits `ms` milliseconds, ending at once when the signal aborts: a cancelled execution must not
 * sit out a 30-second polling interval.
 */
export async function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) throw new WaitCancelledError();
	if (ms <= 0) return;
	if (!signal) return await sleep(ms);

	let onAbort: () => void = () => {};
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => reject(new WaitCancelledError());
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([sleep(ms), aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}
