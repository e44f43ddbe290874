/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * `npm start`: a local n8n 2.41.1 with this package installed as a community package, a
 * "Presenter Video API" credential, the example workflows, and the sandbox standing in for the
 * service (or the real service when PRESENTER_VIDEO_API_KEY and PRESENTER_VIDEO_BASE_URL are set).
 * Workflows, credentials and the owner's login are kept in .cache/n8n-demo between runs;
 * `npm start -- --fresh` starts over; `npm start -- --port <port>` prefers another port than 5678.
 * Ctrl-C stops everything.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { cacheDir } from './n8n/paths';
import { logProgress } from './n8n/progress-log';
import { demoBanner } from './start/banner';
import { claimDemoFolder, demoUserFolder, resetDemoFolder } from './start/demo-folder';
import { startDemoStack, type DemoStack } from './start/demo-stack';
import { serviceChoiceFromEnv } from './start/presenter-service';
import { stopOnSignals } from './start/stop-signals';

/** Realistic enough to watch the node wait, short enough not to bore. */
const sandboxTimings = { generationMs: 20_000, exportMs: 10_000 };

let stack: DemoStack | undefined;
let stopping = false;

/** Stops n8n gracefully (its database stays consistent) and the sandbox; exit hooks handle the rest. */
async function stopEverything(): Promise<void> {
	stopping = true;
	process.stderr.write('\nStopping…\n');
	await stack?.stop();
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: { fresh: { type: 'boolean', default: false }, port: { type: 'string', default: '5678' } },
	});
	const preferredN8nPort = Number(values.port);
	if (!Number.isInteger(preferredN8nPort) || preferredN8nPort < 1 || preferredN8nPort > 65_535) {
		throw new Error(`--port ${values.port}: give a port number from 1 to 65535, for example npm start -- --port 5690`);
	}
	const service = serviceChoiceFromEnv(process.env, sandboxTimings);
	claimDemoFolder();
	if (values.fresh) {
		logProgress('start', `--fresh: removing ${demoUserFolder}`);
		resetDemoFolder();
	}
	const started = await startDemoStack({
		service,
		userFolder: demoUserFolder,
		preferredN8nPort,
		workDir: path.join(cacheDir, 'package'),
	});
	stack = started;
	if (stopping) return; // Ctrl-C during start-up: the signal handler takes it from here
	process.stdout.write(demoBanner(started, sandboxTimings, demoUserFolder, process.uptime() * 1000));
	while (started.n8n.isRunning) await sleep(1000);
	if (!stopping) throw new Error(`n8n stopped unexpectedly. Last lines of its log:\n${started.n8n.logTail(40)}`);
}

stopOnSignals(stopEverything, 0);

main().catch(async (error: unknown) => {
	if (stopping) return; // start-up cut short by Ctrl-C
	process.stderr.write(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
	await stack?.stop();
	process.exit(1);
});
