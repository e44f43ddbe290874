/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import { finishedExecutions } from '../../e2e/support/executions';
import { postToWebhook } from '../../e2e/support/webhook-call';
import { batchNodeName, pollBatch } from '../workflows';
import type { QueueScenario } from '../queue-scenario';

export const batchSize = 20;

/** 20 items generated side by side on one worker, polled until all complete. */
export const pollBatchScenario: QueueScenario = {
	name: `${batchSize} items, Wait for Completion = poll`,
	async run({ cluster, api }) {
		const answer = await postToWebhook(cluster.webhooks[1], pollBatch.path, { count: batchSize });
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const [execution] = await finishedExecutions(api, pollBatch.workflow.id, 1, 180_000);
		assert.equal(execution.status, 'success');
		const outputs = nodeOutputJson(execution, batchNodeName);
		assert.equal(outputs.length, batchSize);
		assert.deepEqual(
			outputs.map((output) => output.status),
			Array(batchSize).fill('completed'),
		);
		assert.equal(new Set(outputs.map((output) => output.jobId)).size, batchSize, 'one job per item');
	},
};
