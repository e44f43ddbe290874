/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';
import { runCommandOrThrow } from './run-command';

/**
 * Builds the package and packs it the way it is published. The build runs explicitly because the
 * project's .npmrc sets ignore-scripts=true, so `npm pack` alone would skip `prepack` and pack a stale dist/.
 */
export async function buildAndPackPackage(packDir: string, logFile?: string): Promise<string> {
	fs.mkdirSync(packDir, { recursive: true });
	const run = (args: string[]) =>
		runCommandOrThrow('npm', args, { cwd: repoRoot, env: process.env, timeoutMs: 10 * 60_000, logFile });

	await run(['run', 'build']);
	for (const old of fs.readdirSync(packDir)) fs.rmSync(path.join(packDir, old), { force: true });
	const packed = await run(['pack', '--json', '--pack-destination', packDir]);
	const [{ filename }] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
	return path.join(packDir, filename);
}
