/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * Installs n8n versions for end-to-end tests and the demo into the git-ignored cache folder.
 * CLI: npm run n8n:install -- [<version>...|ci]   (default: the versions CI runs)
 */
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from './paths';
import { currentNodeRuntime, ensureNode24, node24Package, type NodeRuntime } from './node-runtime';
import { isolatedNpmEnv } from './npm-env';
import { formatDuration, logProgress } from './progress-log';
import { runCommandOrThrow } from './run-command';
import { withFileLock } from './file-lock';
import {
	ciVersions,
	installProfile,
	n8nBinPath,
	n8nInstallDir,
	parseVersion,
	versionArgumentHelp,
	type N8nVersion,
} from './versions';

const markerName = '.install-complete';

/** What a complete install was made from; a change (e.g. new overrides) triggers a reinstall. */
function expectedMarker(version: N8nVersion): string {
	const profile = installProfile(version);
	return `${JSON.stringify({ n8n: version, overrides: profile.overrides, node24: profile.needsNode24 ? node24Package : null })}\n`;
}

function isInstallComplete(version: N8nVersion): boolean {
	const marker = path.join(n8nInstallDir(version), markerName);
	return (
		fs.existsSync(marker) &&
		fs.readFileSync(marker, 'utf8') === expectedMarker(version) &&
		fs.existsSync(n8nBinPath(version))
	);
}

/** The Node that runs (and so must load the native addons of) this n8n version. */
export async function runtimeForVersion(version: N8nVersion): Promise<NodeRuntime> {
	return installProfile(version).needsNode24 ? ensureNode24() : currentNodeRuntime();
}

function writeCachePackageJson(version: N8nVersion): void {
	const packageJson = {
		name: `n8n-cache-${version.replace(/\./g, '-')}`,
		private: true,
		description: 'n8n installed for end-to-end tests; not part of the package.',
		dependencies: { n8n: version },
		overrides: installProfile(version).overrides,
	};
	fs.writeFileSync(path.join(n8nInstallDir(version), 'package.json'), `${JSON.stringify(packageJson, null, '\t')}\n`);
}

async function installFresh(version: N8nVersion, runtime: NodeRuntime): Promise<void> {
	const dir = n8nInstallDir(version);
	const logFile = path.join(dir, 'install.log');
	const env = isolatedNpmEnv(runtime.binDir, runtime.nodedir);
	const scope = `n8n ${version}`;

	// A folder without the marker is a broken or outdated attempt: start over from scratch.
	if (fs.existsSync(dir)) {
		logProgress(scope, `removing incomplete install ${dir}`);
		fs.rmSync(dir, { recursive: true, force: true });
	}
	fs.mkdirSync(dir, { recursive: true });
	writeCachePackageJson(version);

	// cwd inside the cache folder, which has its own package.json: npm then ignores the
	// project's .npmrc. --ignore-scripts: native builds (kafka, isolated-vm) would fetch from the internet.
	let started = Date.now();
	logProgress(scope, `npm install --ignore-scripts (log: ${logFile})`);
	await runCommandOrThrow('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
		cwd: dir,
		env,
		logFile,
		timeoutMs: 30 * 60_000,
	});
	logProgress(scope, `npm install done in ${formatDuration(Date.now() - started)}`);

	// sqlite3 is the one native addon n8n needs at start; build it against the runtime's headers.
	started = Date.now();
	logProgress(scope, `npm rebuild sqlite3 (nodedir ${runtime.nodedir ?? 'npm default'})`);
	await runCommandOrThrow('npm', ['rebuild', 'sqlite3', '--foreground-scripts'], {
		cwd: dir,
		env,
		logFile,
		timeoutMs: 20 * 60_000,
	});
	logProgress(scope, `npm rebuild sqlite3 done in ${formatDuration(Date.now() - started)}`);

	await verifyInstall(version, runtime, env);
	fs.writeFileSync(path.join(dir, markerName), expectedMarker(version));
}

/** Loads sqlite3 and asks n8n for its version with the runtime that will run it. */
async function verifyInstall(version: N8nVersion, runtime: NodeRuntime, env: NodeJS.ProcessEnv): Promise<void> {
	const node = path.join(runtime.binDir, 'node');
	const dir = n8nInstallDir(version);
	await runCommandOrThrow(
		node,
		['-e', "const s=require('sqlite3'); new s.Database(':memory:').close(e=>{if(e)throw e})"],
		{ cwd: dir, env, timeoutMs: 60_000 },
	);
	const reported = await runCommandOrThrow(node, [n8nBinPath(version), '--version'], {
		cwd: dir,
		env,
		timeoutMs: 120_000,
	});
	if (!reported.stdout.includes(version)) {
		throw new Error(`n8n --version printed "${reported.stdout.trim()}", expected ${version}`);
	}
}

/** Idempotent: a complete install is reused in seconds, anything else is (re)installed. */
export async function ensureN8nInstalled(version: N8nVersion): Promise<NodeRuntime> {
	const scope = `n8n ${version}`;
	const started = Date.now();
	const runtime = await runtimeForVersion(version);
	fs.mkdirSync(cacheDir, { recursive: true });
	await withFileLock(`${n8nInstallDir(version)}.lock`, 60 * 60_000, async () => {
		if (isInstallComplete(version)) {
			logProgress(scope, `reusing ${n8nInstallDir(version)}`);
			return;
		}
		await installFresh(version, runtime);
	});
	logProgress(scope, `ready in ${formatDuration(Date.now() - started)}`);
	return runtime;
}

async function main(): Promise<void> {
	const requested = process.argv.slice(2).filter((arg) => arg !== 'ci');
	const versions = requested.length === 0 ? ciVersions : requested.map(parseVersion);
	if (versions.some((version) => version === undefined)) {
		throw new Error(`usage: npm run n8n:install -- [${versionArgumentHelp} ...|ci]`);
	}
	// Side by side: an install waits mostly on the registry and the disk, so three take little
	// longer than the slowest.
	const outcomes = await Promise.allSettled((versions as N8nVersion[]).map(async (version) => await ensureN8nInstalled(version)));
	const failed = outcomes.flatMap((outcome, index) =>
		outcome.status === 'rejected' ? [`n8n ${versions[index]}: ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}`] : [],
	);
	if (failed.length > 0) throw new Error(failed.join('\n'));
}

if (require.main === module) {
	// Exiting (instead of dying by the signal) runs the hooks that stop npm's detached children.
	for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
	main().catch((error: unknown) => {
		process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
