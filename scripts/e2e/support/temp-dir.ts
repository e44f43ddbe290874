/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pending = new Set<string>();

// An interrupted run (Ctrl-C exits the process) still removes what it created.
process.once('exit', () => {
	for (const dir of pending) fs.rmSync(dir, { recursive: true, force: true });
});

export interface TempDir {
	path: string;
	remove(): void;
}

/** A fresh folder under the OS temp folder, removed by `remove()` or at process exit. */
export function makeTempDir(prefix: string): TempDir {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	pending.add(dir);
	return {
		path: dir,
		remove() {
			pending.delete(dir);
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}
