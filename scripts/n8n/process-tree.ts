/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type { ChildProcess } from 'node:child_process';

/**
 * Children are spawned `detached`, so each leads its own process group: signalling the
 * negative pid reaches n8n's task runners and npm's build tools too, not only the parent.
 */
export function signalProcessGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// The group is already gone.
	}
}

export function hasExited(child: ChildProcess): boolean {
	return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
	if (hasExited(child)) {
		signalProcessGroup(child, 'SIGKILL'); // grandchildren may outlive the leader
		return;
	}
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	signalProcessGroup(child, 'SIGTERM');
	const timer = setTimeout(() => signalProcessGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
	signalProcessGroup(child, 'SIGKILL');
}
