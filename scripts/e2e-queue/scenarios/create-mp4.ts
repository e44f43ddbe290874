/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import { finishedExecutions } from '../../e2e/support/executions';
import { isMp4 } from '../../e2e/support/mp4';
import { postToWebhook } from '../../e2e/support/webhook-call';
import { createNodeName, promptToMp4Path, promptToMp4WorkflowId } from '../../e2e/workflows/prompt-to-mp4';
import type { QueueScenario } from '../queue-scenario';

/** Create on a worker, the MP4 stored as binary data in the database and sent back by the webhook processor. */
export const createMp4Scenario: QueueScenario = {
	name: 'Create to MP4 (database binary mode)',
	async run({ cluster, api }) {
		const answer = await postToWebhook(cluster.webhooks[0], promptToMp4Path, { prompt: 'Queue mode intro', duration: 20 });
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		assert.ok(isMp4(answer.bytes), `the answer is not an MP4 (${answer.contentType}, ${answer.bytes.length} bytes)`);
		const [execution] = await finishedExecutions(api, promptToMp4WorkflowId, 1);
		assert.equal(execution.status, 'success');
		const [created] = nodeOutputJson(execution, createNodeName);
		assert.equal(created.status, 'completed');
		assert.match(String(created.exportJobId), /^export_[0-9a-f]{12}$/);
	},
};
