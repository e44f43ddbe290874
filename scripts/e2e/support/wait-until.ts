/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `probe` until it returns a value other than undefined; throws naming `what` after `timeoutMs`. */
export async function waitUntil<T>(
	what: string,
	probe: () => T | undefined | Promise<T | undefined>,
	timeoutMs: number,
	intervalMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		await sleep(intervalMs);
	}
}
