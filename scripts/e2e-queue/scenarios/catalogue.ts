/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import { loadedNodeTypes } from '../../e2e/support/node-catalogue';
import { finishedExecutions } from '../../e2e/support/executions';
import { jsonOf, postToWebhook } from '../../e2e/support/webhook-call';
import { presenterVideoTriggerType, presenterVideoType } from '../../e2e/workflows/nodes';
import { cataloguePath, catalogueWorkflowId } from '../../e2e/workflows/catalogue';
import type { QueueScenario } from '../queue-scenario';

/** The node types are loaded, and a Get Many runs on a worker behind a webhook processor. */
export const catalogueScenario: QueueScenario = {
	name: 'catalogue: node types, voices and avatars',
	async run({ cluster, api }) {
		const types = await loadedNodeTypes(cluster.main);
		for (const type of [presenterVideoType, presenterVideoTriggerType])
			assert.ok(types.has(type), `the main process has loaded ${type}`);

		const answered = jsonOf(await postToWebhook(cluster.webhooks[1], cataloguePath, {}), 'catalogue webhook');
		assert.ok(Array.isArray(answered) && answered.length > 20, 'the webhook processor answers with the avatars');
		const [execution] = await finishedExecutions(api, catalogueWorkflowId, 1);
		assert.equal(execution.status, 'success');
		assert.ok(nodeOutputJson(execution, 'List voices').length > 20, 'voices listed on a worker');
	},
};
