/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../../test/sandbox';
import { N8nInstance } from '../n8n/instance';
import { cacheDir } from '../n8n/paths';
import { logProgress } from '../n8n/progress-log';
import type { N8nVersion } from '../n8n/versions';
import type { Scenario } from './scenario';
import { e2eSsrfEnv } from './ssrf-settings';
import { presenterCredentialExport } from './workflows/credential';

/** Where the n8n log of a run with a failure is kept for inspection (git-ignored). */
const failedLogsDir = path.join(cacheDir, 'e2e-logs');

/**
 * A started n8n with the packed package, the credential pointing at the sandbox, and every
 * scenario's workflows imported (in one CLI call) and, where they have a trigger, activated.
 */
export async function startE2eInstance(
	version: N8nVersion,
	tarball: string,
	sandbox: Sandbox,
	workDir: string,
	scenarios: Scenario[],
): Promise<N8nInstance> {
	const instance = await N8nInstance.create({
		version,
		communityPackageTarballs: [tarball],
		// Read/Write Files From Disk may touch this folder only.
		extraEnv: { N8N_RESTRICT_FILE_ACCESS_TO: workDir, ...e2eSsrfEnv(version) },
	});
	try {
		await instance.importCredentials([
			presenterCredentialExport(sandbox.keys.main, sandbox.baseUrl),
			...scenarios.flatMap((scenario) => scenario.credentials?.(sandbox) ?? []),
		]);
		const active = scenarios.flatMap((scenario) => scenario.workflows);
		const inactive = scenarios.flatMap((scenario) => scenario.inactiveWorkflows ?? []);
		const children = scenarios.flatMap((scenario) => scenario.subWorkflows ?? []);
		await instance.importWorkflows([...children, ...active, ...inactive]);
		await instance.start();
		// n8n 2.x publishes a caller only once the sub-workflows it names are published.
		if (version.startsWith('2.')) for (const workflow of children) await instance.activateWorkflow(workflow.id);
		for (const workflow of active) await instance.activateWorkflow(workflow.id);
		return instance;
	} catch (error) {
		await disposeKeepingLog(instance, true);
		throw error;
	}
}

/** Stops n8n and removes its folder; after a failure, keeps its log and prints the tail first. */
export async function disposeKeepingLog(instance: N8nInstance, failed: boolean): Promise<void> {
	try {
		await instance.stop();
		if (failed && fs.existsSync(instance.logFile)) {
			fs.mkdirSync(failedLogsDir, { recursive: true });
			const kept = path.join(failedLogsDir, `n8n-${instance.version}.log`);
			fs.copyFileSync(instance.logFile, kept);
			logProgress(`n8n ${instance.version}`, `log kept at ${kept}; last lines:\n${instance.logTail(40)}`);
		}
	} finally {
		await instance.dispose();
	}
}
