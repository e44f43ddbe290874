/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import { executionSucceededThrough } from '../../e2e/support/execution-by-id';
import { batchNodeName, killedBatch } from '../workflows';
import type { QueueScenario } from '../queue-scenario';
import { assertBatchResults, callsPerItem, startPausedBatch } from './paused-batch';
import { batchSize } from './poll-batch';

/** Long enough that the worker is killed while every job is still running. */
const slowGenerationMs = 30_000;

/**
 * SIGKILL of the worker that started a 20-item batch paused for callbacks. The execution waits in
 * the database, not on the worker: the callbacks reach a webhook processor, the other worker goes
 * on, and every item must end with its job's result.
 */
export const workerKilledScenario: QueueScenario = {
	name: `worker killed while a ${batchSize}-item batch waits for callbacks`,
	timeoutMs: 4 * 60_000,
	async run(context) {
		const { cluster, api } = context;
		try {
			const batch = await startPausedBatch(context, killedBatch.path, batchSize, slowGenerationMs);
			const pattern = new RegExp(`execution ${batch.executionId}\\b`);
			const worker = cluster.workers.find((candidate) => pattern.test(candidate.logText()));
			assert.ok(worker !== undefined, `no worker log names execution ${batch.executionId}`);
			logProgress(
				'queue worker kill',
				`SIGKILL ${worker.label} (pid ${worker.pid}), which started execution ${batch.executionId}, now waiting`,
			);
			await worker.kill();

			const finished = await executionSucceededThrough(api, batch.executionId, batchNodeName, slowGenerationMs + 90_000);
			assertBatchResults(context, batch, finished);
			logProgress(
				'queue worker kill',
				`execution ${batch.executionId} resumed on the other worker: ${batchSize}/${batchSize} results, ` +
					`${callsPerItem(context, batch).toFixed(2)} API calls per item`,
			);
		} finally {
			// Later runs have two workers again.
			for (const worker of cluster.workers) if (worker.pid === undefined) await worker.start();
		}
	},
};
