/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
/**
 * Proves the headless n8n harness end to end with built-in nodes only.
 * CLI: npx tsx scripts/n8n/smoke.ts [2.41.1|1.123.81|all]
 */
import assert from 'node:assert/strict';
import { N8nInstance } from './instance';
import { logProgress } from './progress-log';
import { nodeOutputJson, type Execution } from './public-api';
import {
	headerCredential,
	lateWebhookPath,
	lateWebhookWorkflow,
	lateWebhookWorkflowId,
	manualWorkflow,
	manualWorkflowId,
	smokeAuthHeader,
	webhookPath,
	webhookWorkflow,
	webhookWorkflowId,
} from './smoke-workflows';
import { StepTimer } from './step-timer';
import { ciVersions, parseVersion, versionArgumentHelp, type N8nVersion } from './versions';

interface RunData {
	data: {
		resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> };
	};
}

function post(instance: N8nInstance, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
	return instance.callWebhook(path, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
}

async function postJson(instance: N8nInstance, path: string, body: unknown): Promise<unknown> {
	const response = await post(instance, path, body, smokeAuthHeader);
	const text = await response.text();
	assert.equal(response.status, 200, `webhook ${path} answered ${response.status}: ${text}`);
	return JSON.parse(text);
}

function isFinished(execution: Execution): boolean {
	return execution.status === 'success' || execution.status === 'error';
}

async function smokeTest(version: N8nVersion): Promise<string> {
	const timer = new StepTimer(`smoke ${version}`);
	const instance = await timer.step('install check + user folder', () => N8nInstance.create({ version }));
	try {
		await timer.step('import credential (CLI)', () => instance.importCredentials([headerCredential]));
		await timer.step('import workflows (CLI)', () => instance.importWorkflows([webhookWorkflow, manualWorkflow]));
		await timer.step('activate webhook workflow (CLI)', () => instance.activateWorkflow(webhookWorkflowId));
		await timer.step('start until ready', () => instance.start());

		const answer = await timer.step('call webhook', () => postJson(instance, webhookPath, { name: 'n8n', n: 21 }));
		assert.deepEqual(answer, { greeting: 'hello n8n', doubled: 42 });
		const unauthorized = await post(instance, webhookPath, { name: 'intruder', n: 1 }, {});
		assert.equal(unauthorized.status, 403, 'a call without the credential header must be refused');

		const cliRun = (await timer.step('n8n execute (manual trigger)', () =>
			instance.executeWorkflowCli(manualWorkflowId),
		)) as RunData;
		assert.deepEqual(cliRun.data.resultData.runData.Result[0].data.main[0][0].json, { tripled: 15 });

		const api = await timer.step('public API client', () => instance.api());
		const executions = await timer.step('executions via public API', () =>
			api.waitForExecutions(
				(list) =>
					[webhookWorkflowId, manualWorkflowId].every((id) =>
						list.some((execution) => execution.workflowId === id && isFinished(execution)),
					),
				30_000,
			),
		);
		for (const execution of executions) assert.equal(execution.status, 'success', `execution ${execution.id}`);
		const webhookExecution = executions.find((execution) => execution.workflowId === webhookWorkflowId);
		assert.ok(webhookExecution);
		const detailed = await api.getExecution(webhookExecution.id);
		assert.deepEqual(nodeOutputJson(detailed, 'Shape'), [{ greeting: 'hello n8n', doubled: 42 }]);

		await timer.step('import while running + activate via API', async () => {
			await instance.importWorkflows([lateWebhookWorkflow]);
			await instance.activateWorkflow(lateWebhookWorkflowId);
		});
		const lateAnswer = await timer.step('call late webhook', () =>
			postJson(instance, lateWebhookPath, { name: 'late', n: 1 }),
		);
		assert.deepEqual(lateAnswer, { greeting: 'hello late', doubled: 2 });

		await timer.step('restart (activation survives)', () => instance.restart());
		assert.deepEqual(await postJson(instance, webhookPath, { name: 'again', n: 2 }), {
			greeting: 'hello again',
			doubled: 4,
		});
	} catch (error) {
		process.stderr.write(`--- n8n log tail (${instance.logFile}) ---\n${instance.logTail(60)}\n`);
		throw error;
	} finally {
		await timer.step('stop + clean up', () => instance.dispose());
	}
	return `n8n ${version}: PASS\n${timer.report()}`;
}

async function main(): Promise<void> {
	const requested = process.argv[2];
	const versions = requested === undefined || requested === 'ci' ? ciVersions : [parseVersion(requested)];
	if (versions.some((version) => version === undefined)) throw new Error(`usage: smoke.ts [${versionArgumentHelp}|ci]`);
	const reports: string[] = [];
	for (const version of versions as N8nVersion[]) {
		logProgress('smoke', `n8n ${version}`);
		reports.push(await smokeTest(version));
	}
	process.stdout.write(`\n${reports.join('\n\n')}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	// process.exit runs the instance's exit hook, which kills n8n and removes its folder.
	process.once(signal, () => process.exit(130));
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
