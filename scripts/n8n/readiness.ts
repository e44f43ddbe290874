/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { hasExited } from './process-tree';

/** Polls n8n's readiness probe (200 once the database is migrated and the server listens). */
export async function waitForReadiness(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (hasExited(server))
			throw new Error(`n8n exited with ${server.exitCode ?? server.signalCode} before it was ready`);
		try {
			const response = await fetch(`${baseUrl}/healthz/readiness`, { signal: AbortSignal.timeout(2000) });
			if (response.ok) return;
		} catch {
			// Not listening yet.
		}
		await sleep(250);
	}
	throw new Error(`n8n was not ready within ${timeoutMs} ms`);
}
