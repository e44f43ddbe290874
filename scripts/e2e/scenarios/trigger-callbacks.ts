/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeOutputItems, type PublicApiClient } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { finishedExecutions } from '../support/executions';
import { sandboxPost, type StartedJob } from '../support/sandbox-api';
import { deliveriesFor } from '../support/webhook-deliveries';
import { triggerProductionPath, triggerWorkflow, triggerWorkflowId } from '../workflows/trigger-callbacks';

const triggerNodeName = 'Presenter Video Trigger';
/** One delivery and its copies. */
const deliveriesPerEvent = 1 + (e2eSandboxOptions.duplicateDeliveries ?? 0);
/** Time for an execution that a late copy might have started to show up. */
const settleMs = 2_000;

async function executionCount(api: PublicApiClient): Promise<number> {
	return (await api.listExecutions({ workflowId: triggerWorkflowId, includeData: false })).length;
}

export const triggerCallbacksScenario: Scenario = {
	name: 'trigger: duplicates and forgery',
	workflows: [triggerWorkflow],
	async run({ instance, api, sandbox }) {
		const productionUrl = instance.webhookUrl(triggerProductionPath);

		// A generation started by another client of the service, reporting to the active trigger.
		const generation = await sandboxPost<StartedJob>(sandbox, '/generation/start', {
			prompt: 'Our opening hours for the holidays',
			duration: 10,
			webhook_url: productionUrl,
		});
		const generationDeliveries = await deliveriesFor(sandbox, generation.job_id, deliveriesPerEvent);
		assert.deepEqual(
			generationDeliveries.map((attempt) => attempt.status),
			Array(deliveriesPerEvent).fill(200),
			'every copy is acknowledged',
		);
		const [first] = await finishedExecutions(api, triggerWorkflowId, 1);
		await sleep(settleMs);
		assert.equal(await executionCount(api), 1, `${deliveriesPerEvent} deliveries of one event start one execution`);
		assert.equal(first.status, 'success');
		const [event] = nodeOutputItems(first, triggerNodeName).map((item) => item.json);
		assert.equal(event.event, 'generation.completed');
		assert.equal(event.jobId, generation.job_id);
		assert.equal(event.videoId, generation.job_id.replace('run_', 'vid_'));
		assert.equal(event.confirmed, true);

		// Its export, with the MP4 downloaded into the trigger's output.
		const exportJob = await sandboxPost<StartedJob>(sandbox, '/export/start', {
			video_id: event.videoId,
			webhook_url: productionUrl,
		});
		await deliveriesFor(sandbox, exportJob.job_id, deliveriesPerEvent);
		const executions = await finishedExecutions(api, triggerWorkflowId, 2);
		await sleep(settleMs);
		assert.equal(await executionCount(api), 2, 'the export event starts exactly one more execution');
		const [exported] = nodeOutputItems(executions[1], triggerNodeName);
		assert.equal(exported.json.event, 'export.completed');
		assert.equal(exported.json.jobId, exportJob.job_id);
		assert.equal(exported.binary?.data?.mimeType, 'video/mp4', 'Download Video puts the MP4 in binary field data');

		// A forged "completed" for a job the service does not know.
		const forged = await fetch(productionUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				job_id: 'run_0badc0ffee00',
				status: 'completed',
				task: 'video_generate',
				result: { video_id: 'vid_0badc0ffee00', duration: 10, cost: 5, created_at: new Date().toISOString() },
			}),
			signal: AbortSignal.timeout(30_000),
		});
		assert.equal(forged.status, 409, 'Confirm With API refuses the forged event');
		await sleep(settleMs);
		assert.equal(await executionCount(api), 2, 'the forged event starts nothing');
	},
};
