import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import { e2eSandboxOptions } from '../../e2e/sandbox-settings';
import { executionErrorText, isFinished } from '../../e2e/support/executions';
import { apiRequestsSince, generationStarts, polledGenerationJobIds } from '../../e2e/support/sandbox-log';
import { waitUntil } from '../../e2e/support/wait-until';
import { postToWebhook } from '../../e2e/support/webhook-call';
import { killedBatch } from '../workflows';
import type { QueueScenario } from '../queue-scenario';
import { batchSize } from './poll-batch';

/** Long enough that the worker dies while every job is still running. */
const slowGenerationMs = 60_000;

/**
 * SIGKILL of the worker that polls a 20-item batch. Every job id must reach the user: in the
 * output, or in the error of the failed execution.
 */
export const workerKilledScenario: QueueScenario = {
	name: `worker killed during a ${batchSize}-item poll wait`,
	timeoutMs: 6 * 60_000,
	async run({ cluster, api, sandbox }) {
		const since = Date.now();
		sandbox.configure({ timings: { generationMs: slowGenerationMs } });
		try {
			const answer = await postToWebhook(cluster.webhooks[0], killedBatch.path, { count: batchSize });
			assert.equal(answer.status, 200, `webhook answered ${answer.status}`);
			await waitUntil(
				`${batchSize} generation starts`,
				() => (generationStarts(apiRequestsSince(sandbox, since)).length >= batchSize ? true : undefined),
				60_000,
			);
			const jobIds = await waitUntil(
				'a status poll of every job',
				() => {
					const ids = polledGenerationJobIds(apiRequestsSince(sandbox, since));
					return ids.length >= batchSize ? ids : undefined;
				},
				30_000,
			);
			const [running] = await api.listExecutions({ workflowId: killedBatch.workflow.id, includeData: false });
			assert.ok(running !== undefined, 'the batch execution exists');
			const executionId = String(running.id);
			const pattern = new RegExp(`execution ${executionId}\\b`);
			const worker = cluster.workers.find((candidate) => pattern.test(candidate.logText()));
			assert.ok(worker !== undefined, `no worker log names execution ${executionId}`);
			logProgress('queue worker kill', `SIGKILL ${worker.label} (pid ${worker.pid}) running execution ${executionId}`);
			await worker.kill();

			const ended = await waitUntil(
				`execution ${executionId} to end`,
				async () => {
					const execution = await api.getExecution(executionId, true);
					return isFinished(execution) ? execution : undefined;
				},
				5 * 60_000,
				2_000,
			);
			const visible = JSON.stringify(ended.data?.resultData.runData ?? {}) + executionErrorText(ended);
			const lost = jobIds.filter((jobId) => !visible.includes(jobId));
			const restarted = generationStarts(apiRequestsSince(sandbox, since)).length - batchSize;
			logProgress(
				'queue worker kill',
				`execution ${executionId} ended ${ended.status} ("${executionErrorText(ended).split('\n')[0]}"): ` +
					`${batchSize - lost.length}/${batchSize} job ids visible, ${restarted} extra starts`,
			);
			// A crashed worker must not lead to the same items being billed again.
			assert.equal(restarted, 0, 'no job is started twice');
			assert.deepEqual(lost, [], `job ids found neither in the output nor in the error of execution ${executionId}`);
		} finally {
			sandbox.configure({ timings: e2eSandboxOptions.timings });
			// Later runs have two workers again.
			for (const worker of cluster.workers) if (worker.pid === undefined) await worker.start();
		}
	},
};
