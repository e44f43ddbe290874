/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from './paths';

/** A published n8n release, `major.minor.patch`, e.g. `2.20.12`. */
export type N8nVersion = string;

/**
 * The releases CI runs: the newest and the oldest 2.x the package supports, and the last 1.x. Any
 * other published 1.x or 2.x release is one argument away (`npm run test:e2e -- 2.30.7`).
 * 2.41.3 is the newest 2.x published, but the npm mirror these machines reach lacks its pinned
 * `@n8n/*` packages (`@n8n/agents@0.26.2` among them), so 2.41.1 stands for the 2.41 line.
 */
export const ciVersions: readonly N8nVersion[] = ['2.41.1', '2.0.3', '1.123.81'];

/** The release the demo, the queue-mode kit and the benchmarks run when none is named. */
export const newestVersion: N8nVersion = '2.41.1';

export function parseVersion(value: string): N8nVersion | undefined {
	const match = /^([12])\.(\d+)\.(\d+)$/.exec(value);
	return match ? value : undefined;
}

function parts(version: N8nVersion): [number, number, number] {
	const [major, minor, patch] = version.split('.').map(Number);
	return [major, minor, patch];
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer. */
export function compareVersions(a: N8nVersion, b: N8nVersion): number {
	const [pa, pb] = [parts(a), parts(b)];
	return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
}

export function isAtLeast(version: N8nVersion, oldest: N8nVersion): boolean {
	return compareVersions(version, oldest) >= 0;
}

/**
 * Pins that make a release's dependency tree resolvable on the partial npm mirror. An override
 * applies only where its package is in the tree, so a pin listed for a range that lacks it is inert.
 */
const registryPins: ReadonlyArray<{ pin: Record<string, string>; appliesTo(version: N8nVersion): boolean }> = [
	// 1.x and 2.x up to 2.40 point xlsx at a tarball on cdn.sheetjs.com, outside the registry.
	{ pin: { xlsx: '0.18.5' }, appliesTo: (version) => !isAtLeast(version, '2.41.0') },
	// linkedom 0.18.15 needs `cssomnom`, which the mirror lacks. @tiptap/extension-floating-menu 3.35.0,
	// published after 2.41.1, sends npm's peer resolution into a loop of ERESOLVE warnings for over
	// 20 minutes; 3.34.0 resolves in about 2.5 minutes.
	{
		pin: { linkedom: '0.18.13', '@tiptap/extension-floating-menu': '3.34.0' },
		appliesTo: (version) => isAtLeast(version, '2.41.0'),
	},
];

/** What installing a release takes, worked out from its number alone. */
export interface InstallProfile {
	version: N8nVersion;
	/** n8n 2.x is run on Node 24 (2.20 and later refuse anything older); 1.x on the machine's Node 20. */
	needsNode24: boolean;
	overrides: Record<string, string>;
}

export function installProfile(version: N8nVersion): InstallProfile {
	const overrides = Object.assign({}, ...registryPins.filter((rule) => rule.appliesTo(version)).map((rule) => rule.pin));
	return { version, needsNode24: parts(version)[0] >= 2, overrides };
}

/**
 * What a release can do, read from its installed files rather than from a list of versions, so
 * a release never run before is driven the right way.
 */
export interface VersionProfile extends InstallProfile {
	/** Has `n8n publish:workflow` (2.x); older releases mark a workflow active with `update:workflow`. */
	publishCommand: boolean;
	/**
	 * Hands activations to a publication outbox that puts triggers live in the background, after the
	 * server reports ready, and reports it at `/rest/workflows/:id/publication-status` (2.41; not
	 * 2.20 or 2.0). Other releases activate everything before n8n logs "Editor is now accessible".
	 */
	activatesInBackground: boolean;
	/**
	 * Records an imported workflow's version in its history, which activating it needs. 2.0 records
	 * none: there a workflow is saved once through the API first, as the editor's Save does.
	 */
	importRecordsHistory: boolean;
	/**
	 * Gives a waiting execution a resume token, which `$execution.resumeUrl` carries as
	 * `?signature=` and a resume call must present (2.20 and 2.41; not 2.0 nor 1.x).
	 */
	resumeToken: boolean;
	/** Creates the owner from N8N_INSTANCE_OWNER_* env; older releases need the setup call once. */
	ownerFromEnv: boolean;
	/** Has n8n's SSRF protection (`N8N_SSRF_PROTECTION_ENABLED` and its allow and block lists; 2.20 on). */
	ssrfProtection: boolean;
	/** Counts the protection's checks in its Prometheus metrics (2.41; not 2.20). */
	ssrfMetrics: boolean;
	/** Settings this release needs on its Node. */
	env: Record<string, string>;
}

export function n8nInstallDir(version: N8nVersion): string {
	return path.join(cacheDir, `n8n-${version}`);
}

export function n8nPackageDir(version: N8nVersion): string {
	return path.join(n8nInstallDir(version), 'node_modules', 'n8n');
}

export function n8nBinPath(version: N8nVersion): string {
	return path.join(n8nPackageDir(version), 'bin', 'n8n');
}

/** Whether any file of n8n's settings package (`@n8n/config`) names the environment variable. */
function configKnows(version: N8nVersion, variable: string): boolean {
	const configDist = path.join(n8nInstallDir(version), 'node_modules', '@n8n', 'config', 'dist');
	const search = (dir: string): boolean =>
		fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) return search(file);
			return entry.name.endsWith('.js') && fs.readFileSync(file, 'utf8').includes(variable);
		});
	return fs.existsSync(configDist) && search(configDist);
}

/** Whether n8n's own build has the file (or folder). */
function distHas(version: N8nVersion, ...segments: string[]): boolean {
	return fs.existsSync(path.join(n8nPackageDir(version), 'dist', ...segments));
}

/** Whether a file of n8n's own build has the text in it. */
function distFileMentions(version: N8nVersion, segments: string[], text: string): boolean {
	return distHas(version, ...segments) && fs.readFileSync(path.join(n8nPackageDir(version), 'dist', ...segments), 'utf8').includes(text);
}

const profiles = new Map<N8nVersion, VersionProfile>();

/** The profile of an installed release (`ensureN8nInstalled` first). */
export function versionProfile(version: N8nVersion): VersionProfile {
	let profile = profiles.get(version);
	if (profile !== undefined) return profile;
	if (!fs.existsSync(n8nBinPath(version))) throw new Error(`n8n ${version} is not installed: npm run n8n:install -- ${version}`);
	const install = installProfile(version);
	profile = {
		...install,
		publishCommand: distHas(version, 'commands', 'publish', 'workflow.js'),
		activatesInBackground: distHas(version, 'workflows', 'publication'),
		// 1.x activates a workflow as saved, without a version from its history.
		importRecordsHistory: !install.needsNode24 || distFileMentions(version, ['services', 'import.service.js'], 'WorkflowHistory'),
		resumeToken: distFileMentions(version, ['webhooks', 'waiting-webhooks.js'], 'resumeToken'),
		ownerFromEnv: configKnows(version, 'N8N_INSTANCE_OWNER_MANAGED_BY_ENV'),
		ssrfProtection: configKnows(version, 'N8N_SSRF_PROTECTION_ENABLED'),
		ssrfMetrics: distHas(version, 'metrics', 'prometheus', 'ssrf-metrics.service.js'),
		// 1.x from 1.1xx on defaults to the `vm` expression engine, whose isolated-vm has prebuilt
		// binaries for Node 22 and 24 only and crashes every command on Node 20. The legacy engine is
		// what 1.x used until then and what a Node 20 user has to choose. Releases without it ignore it.
		env: install.needsNode24 ? {} : { N8N_EXPRESSION_ENGINE: 'legacy' },
	};
	profiles.set(version, profile);
	return profile;
}

/** The CLI arguments that mark a workflow active; n8n applies them at its next start. */
export function activateCommand(version: N8nVersion, workflowId: string): string[] {
	return versionProfile(version).publishCommand
		? ['publish:workflow', `--id=${workflowId}`]
		: ['update:workflow', `--id=${workflowId}`, '--active=true'];
}

/** `usage` for the kits' command lines. */
export const versionArgumentHelp = `<n8n version, e.g. ${ciVersions.join(', ')}>`;
