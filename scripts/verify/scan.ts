/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Runs the checks of n8n's community-package scanner (`npx @n8n/scan-community-package`) before
 * publishing. The scanner itself only takes a published package: it reads the provenance from
 * the npm registry, lints the attested GitHub source, then lints the downloaded tarball. Here its
 * own analysis runs on the same two inputs, locally: this source tree and the tarball `npm pack`
 * builds. Exits non-zero on any finding. Provenance is added by the publish workflow and can only
 * be checked once a version is on the registry.
 */
import type { AnalysisResult } from '@n8n/scan-community-package/scanner/scanner.mjs';
import path from 'node:path';
import { buildAndPack } from '../e2e/package-tarball';
import { makeTempDir } from '../e2e/support/temp-dir';
import { repoRoot } from '../n8n/paths';
import { runCommandOrThrow } from '../n8n/run-command';

// The scanner's tarball leg: compiled JavaScript and the published package.json.
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

async function extract(tarball: string, into: string): Promise<void> {
	await runCommandOrThrow('tar', ['-xzf', tarball, '-C', into, '--strip-components=1'], {
		cwd: repoRoot,
		env: process.env,
		timeoutMs: 60_000,
	});
}

function report(label: string, result: AnalysisResult): boolean {
	console.log(`${result.passed ? 'passed' : 'FAILED'}  ${label}${result.message ? `: ${result.message}` : ''}`);
	if (result.details) console.log(result.details);
	return result.passed;
}

async function main(): Promise<boolean> {
	const work = makeTempDir('presenter-video-scan-');
	const { tarball, dispose } = await buildAndPack();
	try {
		await extract(tarball, work.path);
		console.log(`Packed ${path.basename(tarball)}`);
		// The scanner makes its own temporary folder when loaded: keep it inside ours, removed at exit.
		process.env.TMPDIR = work.path;
		const scanner = await import('@n8n/scan-community-package/scanner/scanner.mjs');
		const source = await scanner.analyzePackage(repoRoot, scanner.SOURCE_FILE_PATTERNS);
		const packed = await scanner.analyzePackage(work.path, TARBALL_FILE_PATTERNS);
		const sourcePassed = report(`source (${scanner.SOURCE_FILE_PATTERNS.join(', ')})`, source);
		const packedPassed = report(`tarball (${TARBALL_FILE_PATTERNS.join(', ')})`, packed);
		return sourcePassed && packedPassed;
	} finally {
		dispose();
		work.remove();
	}
}

main().then(
	(passed) => process.exit(passed ? 0 : 1),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
