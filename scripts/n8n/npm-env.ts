/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import path from 'node:path';

/**
 * Environment for npm commands run inside the cache folders.
 *
 * When these scripts run under `npm run` or `npx`, npm exports the project's config as
 * `npm_config_*` variables (for example `npm_config_ignore_scripts=true` from the project
 * .npmrc, which would turn `npm rebuild` into a silent no-op). Those are dropped, so only the
 * cache folder's own settings and the explicit ones below apply.
 */
export function isolatedNpmEnv(nodeBinDir: string, nodedir: string | undefined): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		const lower = key.toLowerCase();
		const setByNpm =
			lower.startsWith('npm_config_') ||
			lower.startsWith('npm_package_') ||
			lower.startsWith('npm_lifecycle_') ||
			['npm_command', 'npm_execpath', 'npm_node_execpath', 'init_cwd'].includes(lower);
		if (!setByNpm) env[key] = value;
	}
	env.PATH = [nodeBinDir, process.env.PATH ?? ''].join(path.delimiter);
	env.npm_config_update_notifier = 'false';
	env.npm_config_fund = 'false';
	env.npm_config_audit = 'false';
	// /root/.npmrc sets nodedir=/usr (Node 20 headers); native rebuilds must use the headers of
	// the Node that will load the addon, and node-gyp cannot download them without internet.
	if (nodedir !== undefined) env.npm_config_nodedir = nodedir;
	return env;
}
