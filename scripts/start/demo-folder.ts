/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive, readHolderPid } from '../n8n/file-lock';
import { cacheDir } from '../n8n/paths';

/**
 * n8n's user folder for `npm start`: database, settings, community nodes and the owner's password
 * hash (so a browser stays logged in across restarts), kept between runs.
 */
export const demoUserFolder = path.join(cacheDir, 'n8n-demo');

const lockFile = `${demoUserFolder}.pid`;

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
				if (readHolderPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
			});
			return;
		} catch {
			const holder = readHolderPid(lockFile);
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

/** `--fresh`: forget every workflow, credential, execution and login session of earlier runs. */
export function resetDemoFolder(): void {
	fs.rmSync(demoUserFolder, { recursive: true, force: true });
}
