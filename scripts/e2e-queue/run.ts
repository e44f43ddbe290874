/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * End-to-end tests in n8n 2.41.1's queue mode: Postgres and Redis (installed from Debian when
 * absent), one main process without production webhooks, two workers, two webhook processors,
 * binary data in the database, the packed package as a community package, the sandbox as the
 * service. Everything started here is stopped again, also on failure or Ctrl-C.
 * CLI: npm run test:e2e:queue -- [--only=trigger,...]
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
import { queueWorkflows } from './workflows';
import { runAsMain } from '../e2e/exit-code-main';

const version = '2.41.1';
const scope = 'e2e queue';
const defaultScenarioTimeoutMs = 5 * 60_000;

function selectedScenarios(args: string[]) {
	const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
	if (only === undefined) return queueScenarios;
	const parts = only.split(',').map((part) => part.trim().toLowerCase());
	return queueScenarios.filter((scenario) => parts.some((part) => scenario.name.toLowerCase().includes(part)));
}

async function main(): Promise<number> {
	const started = Date.now();
	const scenarios = selectedScenarios(process.argv.slice(2));
	let pack: Awaited<ReturnType<typeof buildAndPack>> | undefined;
	let services: BackingServices | undefined;
	let sandbox: Sandbox | undefined;
	let cluster: QueueCluster | undefined;
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
				cluster = await startQueueCluster(version, pack.tarball, services, sandbox, { active: queueWorkflows, inactive: [] });
				Object.assign(context, { cluster, services, sandbox, api: await cluster.main.api() });
			}),
		);
		if (context.cluster !== undefined) {
			for (const scenario of scenarios) {
				steps.push(
					await timedStep(scope, scenario.name, scenario.timeoutMs ?? defaultScenarioTimeoutMs, () =>
						scenario.run(context as QueueContext),
					),
				);
			}
		}
	} finally {
		const failed = steps.some((step) => step.error !== undefined);
		if (failed && cluster !== undefined) logProgress(scope, `main log tail:\n${cluster.main.logTail(30)}`);
		await cluster?.stop();
		await sandbox?.close();
		await services?.stop();
		pack?.dispose();
	}
	const results = [{ title: `n8n ${version} queue mode (Postgres, Redis, 2 workers, 2 webhook processors)`, steps }];
	process.stdout.write(`\n${formatReport(results, preparation, Date.now() - started)}\n`);
	return failures(results) > 0 || preparation.error ? 1 : 0;
}

runAsMain(main);
