/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export function isProcessAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function tryTakeLock(lockPath: string): boolean {
	try {
		fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
		return true;
	} catch {
		const holder = readHolderPid(lockPath);
		// A lock left by a killed installer must not block the next run.
		if (holder !== undefined && !isProcessAlive(holder)) fs.rmSync(lockPath, { force: true });
		return false;
	}
}

/** The pid written in a lock file, if any. */
export function readHolderPid(lockPath: string): number | undefined {
	try {
		const pid = Number(fs.readFileSync(lockPath, 'utf8'));
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined; // released in the meantime
	}
}

/** Serialises installs of the same folder across processes (two test runs started at once). */
export async function withFileLock<T>(lockPath: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	while (!tryTakeLock(lockPath)) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${lockPath}`);
		await sleep(1000);
	}
	try {
		return await work();
	} finally {
		fs.rmSync(lockPath, { force: true });
	}
}
