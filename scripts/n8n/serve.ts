/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * Runs a real n8n for a local demo until Ctrl-C, optionally with packed community packages.
 * CLI: npx tsx scripts/n8n/serve.ts [--version <any 1.x or 2.x release, default the newest CI runs>] [--port 5678] [--package x.tgz]... [--keep]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { N8nInstance } from './instance';
import { newestVersion, parseVersion, versionArgumentHelp } from './versions';

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			version: { type: 'string', default: newestVersion },
			port: { type: 'string' },
			package: { type: 'string', multiple: true, default: [] },
			keep: { type: 'boolean', default: false },
		},
	});
	const version = parseVersion(values.version ?? newestVersion);
	if (version === undefined) throw new Error(`--version must be a release number: ${versionArgumentHelp}`);

	const instance = await N8nInstance.create({
		version,
		port: values.port === undefined ? undefined : Number(values.port),
		communityPackageTarballs: values.package,
		keepUserFolder: values.keep,
	});
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		await instance.dispose();
		process.exit(code);
	};
	process.once('SIGINT', () => void stop(0));
	process.once('SIGTERM', () => void stop(0));

	await instance.start();
	const packages = instance.installedPackages.map((installed) => `${installed.name}@${installed.version}`);
	process.stdout.write(
		[
			`n8n ${instance.version} is running at ${instance.baseUrl}`,
			`login: ${instance.owner.email} / ${instance.owner.password}`,
			`community packages: ${packages.join(', ') || 'none'}`,
			`user folder: ${instance.userFolder}${values.keep ? ' (kept after stop)' : ''}`,
			`log: ${instance.logFile}`,
			'Ctrl-C stops n8n.',
		].join('\n') + '\n',
	);
	while (instance.isRunning) await sleep(1000);
	if (!stopping) {
		process.stderr.write(`n8n stopped unexpectedly:\n${instance.logTail(40)}\n`);
		await stop(1);
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
