/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson, type Execution } from '../../n8n/public-api';
import { executionReaching } from '../../e2e/support/execution-by-id';
import { pausedBatchExecutionId } from '../../e2e/support/paused-batch-start';
import { apiRequestsSince, generationStarts } from '../../e2e/support/sandbox-log';
import { postToWebhook } from '../../e2e/support/webhook-call';
import { e2eSandboxOptions } from '../../e2e/sandbox-settings';
import { nodeId } from '../../e2e/workflows/nodes';
import { batchNodeName } from '../workflows';
import type { QueueContext } from '../queue-scenario';

export interface PausedBatch {
	executionId: string;
	jobIds: string[];
	/** When the batch was asked for (epoch ms): the sandbox's log from here on is this batch's. */
	since: number;
}

/**
 * Starts a batch paused for callbacks through the first webhook processor, with jobs that take
 * `generationMs`, and returns once its execution waits in the database.
 */
export async function startPausedBatch(
	{ cluster, api, sandbox }: QueueContext,
	path: string,
	count: number,
	generationMs: number,
): Promise<PausedBatch> {
	const since = Date.now();
	sandbox.configure({ timings: { generationMs } });
	try {
		const answer = await postToWebhook(cluster.webhooks[0], path, { count });
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const executionId = await pausedBatchExecutionId(sandbox, since, count, cluster.router.baseUrl, nodeId(batchNodeName));
		await executionReaching(api, executionId, 'waiting', generationMs);
		// While it waits, the node's output shows the job each item started.
		const waiting = await api.getExecution(executionId, true);
		const jobIds = nodeOutputJson(waiting, batchNodeName).map((output) => String(output.jobId));
		assert.equal(new Set(jobIds).size, count, 'one job per item');
		return { executionId, jobIds, since };
	} finally {
		// Jobs keep the timings they started with.
		sandbox.configure({ timings: e2eSandboxOptions.timings });
	}
}

/**
 * Every item ended with its job's result, each job was started once, and no status was read
 * before the first callback (nothing polled while the execution waited).
 */
export function assertBatchResults({ sandbox }: QueueContext, batch: PausedBatch, execution: Execution): void {
	const outputs = nodeOutputJson(execution, batchNodeName);
	assert.deepEqual(
		outputs.map((output) => output.status),
		Array(batch.jobIds.length).fill('completed'),
	);
	assert.deepEqual(
		outputs.map((output) => output.jobId).sort(),
		[...batch.jobIds].sort(),
		'every item carries the job it started',
	);
	const requests = apiRequestsSince(sandbox, batch.since);
	assert.equal(generationStarts(requests).length, batch.jobIds.length, 'no job is started twice');
	const firstCallback = Math.min(...sandbox.webhookDeliveries.filter((d) => d.at >= batch.since).map((d) => d.at));
	const polls = requests.filter(
		(request) => request.path.includes('/generation/status/') && request.at < firstCallback,
	);
	assert.equal(polls.length, 0, 'no status read before the first callback');
}

/** API calls of the batch per item, for the log. */
export function callsPerItem({ sandbox }: QueueContext, batch: PausedBatch): number {
	return apiRequestsSince(sandbox, batch.since).length / batch.jobIds.length;
}
