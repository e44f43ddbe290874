/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { executionReaching, executionSucceededThrough } from '../support/execution-by-id';
import { pausedBatchExecutionId } from '../support/paused-batch-start';
import { apiRequestsSince } from '../support/sandbox-log';
import { postToWebhook } from '../support/webhook-call';
import { callbackBatch } from '../workflows/callback-wait';
import { nodeId } from '../workflows/nodes';
import { promptBatchNodeName } from '../workflows/prompt-batch';

const slowGenerationMs = 8_000;
const count = 3;

/**
 * Several items paused for callbacks: n8n answers each callback and keeps the execution waiting
 * until the node finds every job ended, then goes on once with every result.
 */
export const callbackBatchScenario: Scenario = {
	name: `pause until the service calls back, ${count} items`,
	workflows: [callbackBatch.workflow],
	async run({ instance, api, sandbox }) {
		const since = Date.now();
		sandbox.configure({ timings: { generationMs: slowGenerationMs } });
		let executionId: string;
		try {
			const answer = await postToWebhook(instance, callbackBatch.path, { count });
			assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
			executionId = await pausedBatchExecutionId(sandbox, since, count, instance.baseUrl, nodeId(promptBatchNodeName));
			await executionReaching(api, executionId, 'waiting', slowGenerationMs);
		} finally {
			sandbox.configure({ timings: e2eSandboxOptions.timings });
		}

		const finished = await executionSucceededThrough(api, executionId, promptBatchNodeName, slowGenerationMs + 60_000);
		const outputs = nodeOutputJson(finished, promptBatchNodeName);
		assert.deepEqual(
			outputs.map((output) => output.status),
			Array(count).fill('completed'),
		);
		assert.equal(new Set(outputs.map((output) => output.jobId)).size, count, 'one job per item');
		const deliveries = sandbox.webhookDeliveries.filter((delivery) => delivery.at >= since);
		assert.ok(
			deliveries.filter((delivery) => delivery.status === 200).length >= count - 1,
			'n8n accepted the callbacks while the execution waited',
		);
		const firstCallback = Math.min(...deliveries.map((delivery) => delivery.at));
		const polls = apiRequestsSince(sandbox, since).filter(
			(request) => request.path.includes('/generation/status/') && request.at < firstCallback,
		);
		assert.equal(polls.length, 0, 'nothing polled while the execution waited');
	},
};
