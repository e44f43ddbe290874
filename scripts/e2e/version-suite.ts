/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { startSandbox, type Sandbox } from '../../test/sandbox';
import type { N8nInstance } from '../n8n/instance';
import { logProgress } from '../n8n/progress-log';
import { ensureN8nInstalled } from '../n8n/install';
import { installProfile, type N8nVersion } from '../n8n/versions';
import { disposeKeepingLog, startE2eInstance } from './e2e-instance';
import type { StepResult, VersionResult } from './report';
import type { E2eContext, Scenario } from './scenario';
import { e2eSandboxOptions } from './sandbox-settings';
import { makeTempDir } from './support/temp-dir';
import { timedStep } from './timed-step';

/** Includes installing n8n (and Node 24) when the cache has none: about 4-5 minutes each. */
const setupTimeoutMs = 20 * 60_000;
const scenarioTimeoutMs = 5 * 60_000;

function title(version: N8nVersion): string {
	return `n8n ${version} (${installProfile(version).needsNode24 ? 'Node 24' : `Node ${process.versions.node}`})`;
}

/** The step of a scenario this version cannot run, or undefined when it can. */
function skippedStep(scope: string, scenario: Scenario, version: N8nVersion): StepResult | undefined {
	const reason = scenario.skipReason?.(version);
	if (reason === undefined) return undefined;
	logProgress(scope, `SKIP ${scenario.name}: ${reason}`);
	return { name: scenario.name, ms: 0, skipped: reason };
}

/** One n8n version: a fresh sandbox and n8n, every scenario in turn, then everything stopped. */
export async function runVersionSuite(
	version: N8nVersion,
	tarball: string,
	scenarios: Scenario[],
): Promise<VersionResult> {
	const scope = `e2e ${version}`;
	const steps: StepResult[] = [];
	// What a release can run is read from its installed files.
	const install = await timedStep(scope, 'install check', setupTimeoutMs, async () => {
		await ensureN8nInstalled(version);
	});
	if (install.error !== undefined) return { title: title(version), steps: [install] };
	steps.push(install);
	const runnable = scenarios.filter((scenario) => scenario.skipReason?.(version) === undefined);
	if (runnable.length === 0) {
		// Nothing to run here: no n8n is started.
		return { title: title(version), steps: scenarios.flatMap((scenario) => skippedStep(scope, scenario, version) ?? []) };
	}
	const workDir = makeTempDir(`presenter-video-e2e-${version}-`);
	let sandbox: Sandbox | undefined;
	let instance: N8nInstance | undefined;
	// Filled in by the setup step, which runs as a callback.
	const started: { context?: E2eContext } = {};
	try {
		const setup = await timedStep(scope, 'import, start n8n', setupTimeoutMs, async () => {
			sandbox = await startSandbox(e2eSandboxOptions);
			instance = await startE2eInstance(version, tarball, sandbox, workDir.path, runnable);
			started.context = { version, instance, sandbox, workDir: workDir.path, api: await instance.api() };
		});
		steps.push(setup);
		const { context } = started;
		if (context !== undefined) {
			for (const scenario of scenarios) {
				const skipped = skippedStep(scope, scenario, version);
				steps.push(skipped ?? (await timedStep(scope, scenario.name, scenarioTimeoutMs, () => scenario.run(context))));
			}
		}
		return { title: title(version), steps };
	} finally {
		const failed = steps.some((step) => step.error !== undefined);
		if (instance !== undefined) await disposeKeepingLog(instance, failed);
		await sandbox?.close();
		workDir.remove();
	}
}
