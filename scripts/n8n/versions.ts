/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import path from 'node:path';
import { cacheDir } from './paths';

export type N8nVersion = '2.41.1' | '1.123.81';

export const supportedVersions: readonly N8nVersion[] = ['2.41.1', '1.123.81'];

export interface VersionProfile {
	version: N8nVersion;
	/** n8n 2.x refuses to start below Node 24; 1.x runs on the machine's Node 20. */
	needsNode24: boolean;
	/** Pins that make the dependency tree resolvable on the partial npm mirror. */
	overrides: Record<string, string>;
	/** CLI arguments that mark a workflow active; n8n applies it at its next start. */
	activateCommand: (workflowId: string) => string[];
	/**
	 * 2.x hands activations to a publication outbox that puts triggers live in the background,
	 * after the server reports ready; 1.x activates everything before it logs "Editor is now accessible".
	 */
	activatesInBackground: boolean;
	/** 2.x creates the owner from N8N_INSTANCE_OWNER_* env; 1.x needs the setup call once. */
	ownerFromEnv: boolean;
	/** Where the public base URL of webhooks goes (2.x renamed WEBHOOK_URL). */
	webhookUrlVariable: 'N8N_WEBHOOK_URL' | 'WEBHOOK_URL';
	/** Settings this version needs to run on its Node. */
	env: Record<string, string>;
	/**
	 * Has n8n's SSRF protection (`N8N_SSRF_PROTECTION_ENABLED` and its allow and block lists, off by
	 * default): 2.x does; 1.123.x has no such settings.
	 */
	ssrfProtection: boolean;
}

const profiles: Record<N8nVersion, VersionProfile> = {
	'2.41.1': {
		version: '2.41.1',
		needsNode24: true,
		// linkedom 0.18.15 needs `cssomnom`, which the mirror lacks. @tiptap/extension-floating-menu
		// 3.35.0, published after n8n 2.41.1, sends npm's peer resolution into a loop that writes
		// ERESOLVE warnings for over 20 minutes; 3.34.0 resolves in about 2.5 minutes.
		overrides: { linkedom: '0.18.13', '@tiptap/extension-floating-menu': '3.34.0' },
		activateCommand: (workflowId) => ['publish:workflow', `--id=${workflowId}`],
		activatesInBackground: true,
		ownerFromEnv: true,
		webhookUrlVariable: 'N8N_WEBHOOK_URL',
		env: {},
		ssrfProtection: true,
	},
	'1.123.81': {
		version: '1.123.81',
		needsNode24: false,
		// 1.x points xlsx at a tarball URL outside the registry.
		overrides: { xlsx: '0.18.5' },
		activateCommand: (workflowId) => ['update:workflow', `--id=${workflowId}`, '--active=true'],
		activatesInBackground: false,
		ownerFromEnv: false,
		webhookUrlVariable: 'WEBHOOK_URL',
		// 1.123.x defaults to the `vm` expression engine, whose isolated-vm 6 has prebuilt
		// binaries for Node 22 and 24 only and crashes every command on Node 20. The legacy
		// engine is what 1.x used until then and what a Node 20 user has to choose.
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
		ssrfProtection: false,
	},
};

export function versionProfile(version: N8nVersion): VersionProfile {
	return profiles[version];
}

export function isSupportedVersion(value: string): value is N8nVersion {
	return (supportedVersions as readonly string[]).includes(value);
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
