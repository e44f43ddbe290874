/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * End-to-end tests in n8n's queue mode (2.41.1 unless the first argument names another version):
 * Postgres and Redis (installed from Debian when absent), one main process without production
 * webhooks, two workers, two webhook processors behind a router, binary data in the database, the
 * packed package as a community package, the sandbox as the service. Everything started here is
 * stopped again, also on failure or Ctrl-C.
 * CLI: npm run test:e2e:queue -- [2.41.1|1.123.81] [--only=trigger,...] [--cpu-load=N]
 */
import { startSandbox, type Sandbox } from '../../test/sandbox';
import { logProgress } from '../n8n/progress-log';
import { buildAndPack } from '../e2e/package-tarball';
import { failures, formatReport, type StepResult } from '../e2e/report';
import { e2eSandboxOptions } from '../e2e/sandbox-settings';
import { timedStep } from '../e2e/timed-step';
import { startBackingServices, type BackingServices } from './backing-services';
import { queuePorts } from './ports';
import { startQueueCluster, type QueueCluster } from './queue-cluster';
import type { QueueContext } from './queue-scenario';
import { queueScenarios } from './scenarios';
import { cpuLoadArgument, optionValue, queueVersion } from './cli-args';
import { RunRecorder } from './run-recorder';
import { installProfile } from '../n8n/versions';
import { queueSubWorkflows, queueWorkflows } from './workflows';
import { runAsMain } from '../e2e/exit-code-main';
import { startCpuLoad } from './cpu-load';
import { recordWaits } from './resume-timing';

const scope = 'e2e queue';
const defaultScenarioTimeoutMs = 5 * 60_000;

function selectedScenarios(args: string[]) {
	const only = optionValue(args, 'only');
	if (only === undefined) return queueScenarios;
	const parts = only.split(',').map((part) => part.trim().toLowerCase());
	return queueScenarios.filter((scenario) => parts.some((part) => scenario.name.toLowerCase().includes(part)));
}

async function main(): Promise<number> {
	const started = Date.now();
	const version = queueVersion(process.argv.slice(2));
	const scenarios = selectedScenarios(process.argv.slice(2));
	const cpuLoad = cpuLoadArgument(process.argv.slice(2));
	let pack: Awaited<ReturnType<typeof buildAndPack>> | undefined;
	let services: BackingServices | undefined;
	let sandbox: Sandbox | undefined;
	let cluster: QueueCluster | undefined;
	let recorder: RunRecorder | undefined;
	const steps: StepResult[] = [];
	const preparation = await timedStep(scope, 'build and pack the package', 15 * 60_000, async () => {
		pack = await buildAndPack();
	});
	try {
		const context: Partial<QueueContext> = {};
		steps.push(
			await timedStep(scope, 'Postgres, Redis, sandbox, 1 main + 2 workers + 2 webhook processors', 20 * 60_000, async () => {
				if (pack === undefined) throw new Error('no package to install');
				services = await startBackingServices();
				sandbox = await startSandbox({ ...e2eSandboxOptions, port: queuePorts.sandboxApi, storagePort: queuePorts.sandboxStorage });
				recorder = await RunRecorder.start(queuePorts.runRecorder);
				cluster = await startQueueCluster(version, pack.tarball, services, sandbox, {
					active: queueWorkflows,
					inactive: [],
					subWorkflows: queueSubWorkflows,
				});
				// Once n8n has made its tables: the paused scenarios time their resumes with it.
				recordWaits(services);
				Object.assign(context, { version, cluster, services, sandbox, recorder, api: await cluster.main.api() });
			}),
		);
		if (context.cluster !== undefined) {
			if (cpuLoad > 0) logProgress(scope, `${cpuLoad} busy processes keep the CPU saturated during the scenarios`);
			const stopCpuLoad = startCpuLoad(cpuLoad);
			for (const scenario of scenarios) {
				const skipped = scenario.skipReason?.(version);
				if (skipped !== undefined) logProgress(scope, `SKIP ${scenario.name}: ${skipped}`);
				steps.push(
					skipped !== undefined
						? { name: scenario.name, ms: 0, skipped }
						: await timedStep(scope, scenario.name, scenario.timeoutMs ?? defaultScenarioTimeoutMs, () =>
								scenario.run(context as QueueContext),
							),
				);
			}
			stopCpuLoad();
		}
	} finally {
		const failed = steps.some((step) => step.error !== undefined);
		if (failed && cluster !== undefined) logProgress(scope, `main log tail:\n${cluster.main.logTail(30)}`);
		await cluster?.stop();
		await recorder?.close();
		await sandbox?.close();
		await services?.stop();
		pack?.dispose();
	}
	const node = installProfile(version).needsNode24 ? 'Node 24' : `Node ${process.versions.node}`;
	const load = cpuLoad > 0 ? `, ${cpuLoad} busy processes` : '';
	const results = [{ title: `n8n ${version} queue mode (${node}, Postgres, Redis, 2 workers, 2 webhook processors${load})`, steps }];
	process.stdout.write(`\n${formatReport(results, preparation, Date.now() - started)}\n`);
	return failures(results) > 0 || preparation.error ? 1 : 0;
}

runAsMain(main);
