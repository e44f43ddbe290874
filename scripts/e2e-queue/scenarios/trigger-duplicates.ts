/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { logProgress } from '../../n8n/progress-log';
import type { Execution } from '../../n8n/public-api';
import { generatedVideoId } from '../../e2e/support/sandbox-jobs';
import { sandboxPost, type StartedJob } from '../../e2e/support/sandbox-api';
import { waitUntil } from '../../e2e/support/wait-until';
import { fetchJson } from '../../n8n/http-json';
import { triggerProductionPath, triggerWorkflowId } from '../../e2e/workflows/trigger-callbacks';
import { orphanBinaryRows, tempBinaryRowCount } from '../database-query';
import type { QueueContext, QueueScenario } from '../queue-scenario';

const copies = 4;
/** Time for an execution a late copy may have started to be saved. */
const settleMs = 5_000;
/** The node after the trigger: it runs once per event the workflow actually processes. */
const processingNodeName = 'Received';
const triggerNodeName = 'Presenter Video Trigger';

interface EventCounts {
	executions: number;
	processed: number;
	/** Items of the trigger's output that carry the MP4 (Download Video, done on the worker). */
	downloaded: number;
}

/** Job ids of the trigger's output items that carry a stored file. */
function downloadedJobIds(executions: Execution[]): string[] {
	return executions.flatMap((execution) => {
		const runs = execution.data?.resultData.runData[triggerNodeName] ?? [];
		return runs.flatMap((run) =>
			(run.data?.main?.[0] ?? [])
				.filter((item) => typeof (item as { binary?: { data?: { id?: string } } }).binary?.data?.id === 'string')
				.map((item) => String(item.json.jobId)),
		);
	});
}

function processedJobIds(executions: Execution[]): string[] {
	return executions.flatMap((execution) => {
		const runs = execution.data?.resultData.runData[processingNodeName] ?? [];
		return runs.flatMap((run) => (run.data?.main?.[0] ?? []).map((item) => String(item.json.jobId)));
	});
}

async function countsFor(context: QueueContext, jobId: string): Promise<EventCounts> {
	// Only this scenario sends events to the workflow; an execution ended by the trigger without
	// output does not name the job, so all of them are counted.
	const executions = await context.api.listExecutions({ workflowId: triggerWorkflowId, includeData: true });
	return {
		executions: executions.length,
		processed: processedJobIds(executions).filter((id) => id === jobId).length,
		downloaded: downloadedJobIds(executions).filter((id) => id === jobId).length,
	};
}

/** Copies of one delivery, sent at once, alternating between the webhook processors. */
async function deliverCopies(context: QueueContext, body: unknown, count = copies): Promise<number[]> {
	const { webhooks } = context.cluster;
	return await Promise.all(
		Array.from({ length: count }, async (_, index) => {
			const response = await webhooks[index % webhooks.length].callWebhook(triggerProductionPath, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
				timeoutMs: 30_000,
			});
			await response.arrayBuffer();
			return response.status;
		}),
	);
}

async function settledCounts(context: QueueContext, jobId: string): Promise<EventCounts> {
	await waitUntil('the first execution of the event', async () => ((await countsFor(context, jobId)).executions > 0 ? true : undefined), 60_000);
	await sleep(settleMs);
	await waitUntil(
		'every execution of the event to finish',
		async () => {
			const running = await context.api.listExecutions({ workflowId: triggerWorkflowId, status: 'running', includeData: false });
			return running.length === 0 ? true : undefined;
		},
		60_000,
	);
	return await countsFor(context, jobId);
}

/** The export of a new video, finished on the service, and the delivery the service would send for it. */
async function finishedExport(context: QueueContext): Promise<{ jobId: string; body: Record<string, unknown> }> {
	const { sandbox } = context;
	const videoId = await generatedVideoId(sandbox, 'Queue trigger');
	const started = await sandboxPost<StartedJob>(sandbox, '/export/start', { video_id: videoId });
	const status = await waitUntil(
		`export ${started.job_id}`,
		async () => {
			const job = await fetchJson<Record<string, unknown>>(`${sandbox.apiUrl}/export/status/${started.job_id}`, {
				headers: { authorization: `Bearer ${sandbox.keys.main}` },
			});
			return job.status === 'completed' ? job : undefined;
		},
		60_000,
		500,
	);
	return { jobId: started.job_id, body: { ...status, job_id: started.job_id, task: 'video_export' } };
}

/**
 * Four copies of one event sent at the same moment to both webhook processors, then the same
 * four again after restarting both. Counts executions and processed events (runs of the node
 * after the trigger): the guarantee is one processed event; a copy that reached the other webhook
 * processor starts an execution that the trigger ends without output. The MP4 is downloaded in the
 * execution, after repeats are dropped: checks that the processed event carries it and that no binary
 * row is left without an execution.
 */
export const triggerDuplicatesScenario: QueueScenario = {
	name: 'trigger: duplicates across webhook processors and restarts',
	async run(context) {
		const { jobId, body } = await finishedExport(context);
		const firstStatuses = await deliverCopies(context, body);
		const first = await settledCounts(context, jobId);
		logProgress('queue trigger', `concurrent copies: answers ${firstStatuses.join(',')}, ${first.executions} executions, ${first.processed} processed, ${first.downloaded} downloaded`);
		// A second event, delivered once before the restart: n8n 2.x no longer saves the trigger's
		// static data by then, so only the store on the worker knows it afterwards.
		const second = await finishedExport(context);
		await deliverCopies(context, second.body, 1);
		await settledCounts(context, second.jobId);

		for (const webhook of context.cluster.webhooks) await webhook.stop();
		await Promise.all(context.cluster.webhooks.map((webhook) => webhook.start()));
		const againStatuses = await deliverCopies(context, body);
		const secondStatuses = await deliverCopies(context, second.body);
		await sleep(settleMs);
		const after = await settledCounts(context, jobId);
		const secondAfter = await settledCounts(context, second.jobId);
		logProgress(
			'queue trigger',
			`after restart: answers ${againStatuses.join(',')} and ${secondStatuses.join(',')}, ${after.executions} executions in all, ` +
				`${after.processed} and ${secondAfter.processed} processed`,
		);

		const orphans = orphanBinaryRows(context.services);
		logProgress('queue trigger', `binary rows under n8n's temporary id: ${tempBinaryRowCount(context.services)}; without an execution: ${orphans.length}`);
		assert.equal(first.processed, 1, `${copies} concurrent copies across 2 webhook processors: processed events`);
		assert.equal(after.processed, 1, 'copies after restarting both webhook processors: processed events in all');
		assert.equal(secondAfter.processed, 1, 'an event delivered before the restart and again after it: processed events');
		assert.equal(after.downloaded, 1, 'the MP4 of the event: downloaded once, by the execution that processed it');
		assert.equal(secondAfter.downloaded, 1, 'the MP4 of the event delivered before and after the restart: downloaded once');
		assert.deepEqual(orphans, [], 'every binary row (a downloaded MP4) is referred to by an execution');
	},
};
