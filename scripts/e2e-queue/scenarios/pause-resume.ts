/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import { callbackAddress } from '../../e2e/support/callback-address';
import { executionReaching, executionSucceededThrough } from '../../e2e/support/execution-by-id';
import { apiRequestsSince, bodyField, generationStarts } from '../../e2e/support/sandbox-log';
import { waitUntil } from '../../e2e/support/wait-until';
import { postToWebhook } from '../../e2e/support/webhook-call';
import { deliveriesFor } from '../../e2e/support/webhook-deliveries';
import { e2eSandboxOptions } from '../../e2e/sandbox-settings';
import { callbackWaitPath, pausingNodeName } from '../../e2e/workflows/callback-wait';
import { nodeId } from '../../e2e/workflows/nodes';
import { logProgress } from '../../n8n/progress-log';
import { batchNodeName, pausedBatch } from '../workflows';
import type { QueueScenario } from '../queue-scenario';
import { assertBatchResults, callsPerItem, startPausedBatch } from './paused-batch';

const slowGenerationMs = 8_000;

/** The execution waits in the database; the callback reaches a webhook processor; a worker finishes. */
export const pauseResumeScenario: QueueScenario = {
	name: 'pause and resume (callback, one item)',
	async run({ cluster, api, sandbox }) {
		const since = Date.now();
		sandbox.configure({ timings: { generationMs: slowGenerationMs } });
		let resumeUrl: string;
		let executionId: string;
		try {
			const answer = await postToWebhook(cluster.webhooks[0], callbackWaitPath, { prompt: 'Queue pause', duration: 10 });
			assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
			const start = await waitUntil('the generation start', () => generationStarts(apiRequestsSince(sandbox, since))[0], 30_000);
			resumeUrl = String(bodyField(start, 'webhook_url'));
			// The paused node's own address behind the webhook processors' public address.
			const address = callbackAddress(resumeUrl, cluster.router.baseUrl);
			assert.equal(address.nodeId, nodeId(pausingNodeName), 'the address names the paused node');
			executionId = address.executionId;
			await executionReaching(api, executionId, 'waiting', slowGenerationMs);
		} finally {
			sandbox.configure({ timings: e2eSandboxOptions.timings });
		}
		const finished = await executionSucceededThrough(api, executionId, pausingNodeName, slowGenerationMs + 60_000);
		const [output] = nodeOutputJson(finished, pausingNodeName);
		assert.equal(output.status, 'completed');
		const [callback] = await deliveriesFor(sandbox, String(output.jobId), 1);
		assert.equal(callback.status, 200, 'the webhook processor accepted the callback');
	},
};

const pausedBatchSize = 5;

/** Several items: the execution goes on once the last job has called back, with every result. */
export const pauseResumeBatchScenario: QueueScenario = {
	name: `pause and resume (callback, ${pausedBatchSize} items)`,
	async run(context) {
		const batch = await startPausedBatch(context, pausedBatch.path, pausedBatchSize, slowGenerationMs);
		const finished = await executionSucceededThrough(context.api, batch.executionId, batchNodeName, slowGenerationMs + 60_000);
		assertBatchResults(context, batch, finished);
		logProgress('queue pause', `${pausedBatchSize} items: ${callsPerItem(context, batch).toFixed(2)} API calls per item`);
	},
};
