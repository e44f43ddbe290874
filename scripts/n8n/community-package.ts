/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { NodeRuntime } from './node-runtime';
import { isolatedNpmEnv } from './npm-env';
import { runCommandOrThrow } from './run-command';

export interface InstalledCommunityPackage {
	name: string;
	version: string;
	directory: string;
}

interface PackageManifest {
	name: string;
	version: string;
	[field: string]: unknown;
}

/** The folder n8n installs community packages into and loads `n8n-nodes-*` packages from at start. */
export function communityNodesDir(n8nFolder: string): string {
	return path.join(n8nFolder, 'nodes');
}

/**
 * Installs a packed package (`npm pack` output) the way n8n's Community Nodes panel does
 * (CommunityPackagesService.downloadPackage): unpack into `nodes/node_modules/<name>`, drop dev,
 * peer and optional dependencies (n8n-workflow comes from n8n itself), `npm install` the rest
 * with n8n's flags, and record the dependency in `nodes/package.json`.
 * Must run before `n8n start`: n8n scans that folder only at start-up.
 */
export async function installCommunityPackageTarball(
	n8nFolder: string,
	tarballPath: string,
	runtime: NodeRuntime,
	logFile: string,
): Promise<InstalledCommunityPackage> {
	const tarball = path.resolve(tarballPath);
	const nodesDir = communityNodesDir(n8nFolder);
	const env = isolatedNpmEnv(runtime.binDir, runtime.nodedir);
	const run = (command: string, args: string[], cwd: string) =>
		runCommandOrThrow(command, args, { cwd, env, timeoutMs: 10 * 60_000, logFile });

	fs.mkdirSync(nodesDir, { recursive: true });
	const packedManifest = await run('tar', ['-xzOf', tarball, 'package/package.json'], nodesDir);
	const { name, version } = JSON.parse(packedManifest.stdout) as PackageManifest;

	const directory = path.join(nodesDir, 'node_modules', name);
	fs.rmSync(directory, { recursive: true, force: true });
	fs.mkdirSync(directory, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', directory, '--strip-components=1'], nodesDir);

	const manifestPath = path.join(directory, 'package.json');
	const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as PackageManifest;
	for (const field of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete manifest[field];
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));

	await run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		directory,
	);
	recordDependency(nodesDir, name, version);
	return { name, version, directory };
}

/** n8n keeps `nodes/package.json` listing what it installed; mirror it so `npm prune` keeps ours. */
function recordDependency(nodesDir: string, name: string, version: string): void {
	const packageJsonPath = path.join(nodesDir, 'package.json');
	const existing = fs.existsSync(packageJsonPath)
		? (JSON.parse(fs.readFileSync(packageJsonPath, 'utf8')) as { dependencies?: Record<string, string> })
		: {};
	const packageJson = {
		name: 'installed-nodes',
		private: true,
		dependencies: { ...(existing.dependencies ?? {}), [name]: version },
	};
	fs.writeFileSync(packageJsonPath, JSON.stringify(packageJson, null, 2));
}
