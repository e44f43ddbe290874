import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from '../n8n/paths';

/** n8n's user folder for `npm start`: database, settings and community nodes, kept between runs. */
export const demoUserFolder = path.join(cacheDir, 'n8n-demo');

const lockFile = `${demoUserFolder}.pid`;

function isProcessAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function readLockHolder(): number | undefined {
	try {
		const pid = Number(fs.readFileSync(lockFile, 'utf8'));
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Two n8n servers on one SQLite database corrupt each other's state, so a second `npm start`
 * stops here. A lock left by a killed run is taken over. Released when this process exits.
 */
export function claimDemoFolder(): void {
	fs.mkdirSync(cacheDir, { recursive: true });
	for (let attempt = 0; attempt < 2; attempt += 1) {
		try {
			fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
			process.once('exit', () => {
				if (readLockHolder() === process.pid) fs.rmSync(lockFile, { force: true });
			});
			return;
		} catch {
			const holder = readLockHolder();
			if (holder !== undefined && isProcessAlive(holder)) {
				throw new Error(
					`Another npm start (process ${holder}) is using ${demoUserFolder}. Stop it first (Ctrl-C there).`,
				);
			}
			fs.rmSync(lockFile, { force: true });
		}
	}
	throw new Error(`Could not lock ${demoUserFolder} (${lockFile})`);
}

/** `--fresh`: forget every workflow, credential and execution of earlier runs. */
export function resetDemoFolder(): void {
	fs.rmSync(demoUserFolder, { recursive: true, force: true });
}
