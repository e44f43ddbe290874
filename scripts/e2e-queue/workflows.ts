import { catalogueWorkflow } from '../e2e/workflows/catalogue';
import { callbackWaitWorkflow } from '../e2e/workflows/callback-wait';
import { codeNode, presenterVideoNode, webhookNode } from '../e2e/workflows/nodes';
import { promptToMp4Workflow } from '../e2e/workflows/prompt-to-mp4';
import { triggerWorkflow } from '../e2e/workflows/trigger-callbacks';
import { linearWorkflow, type Workflow } from '../e2e/workflows/workflow-json';

export const batchNodeName = 'Generate batch';

/**
 * `body.count` prompts, generated side by side: polled until every job ends, or paused until the
 * service has called back for every job.
 */
function batchWorkflow(id: string, path: string, webhookId: string, waitForCompletion: 'poll' | 'callback'): Workflow {
	return linearWorkflow(id, `E2E queue: ${path}`, [
		webhookNode(path, webhookId, { mode: 'onReceived' }),
		codeNode(
			'Prompts',
			"const count = $input.first().json.body.count;\nreturn Array.from({ length: count }, (_, i) => ({ json: { prompt: `Queue item ${i + 1}` } }));",
		),
		presenterVideoNode(batchNodeName, {
			resource: 'video',
			operation: 'generate',
			inputMethod: 'prompt',
			prompt: '={{ $json.prompt }}',
			duration: 10,
			format: 'vertical',
			waitForCompletion,
			simplify: true,
			options: waitForCompletion === 'poll' ? { pollingIntervalSeconds: 1, maxWaitMinutes: 5 } : { maxWaitMinutes: 10 },
		}),
	]);
}

export const pollBatch = {
	workflow: batchWorkflow('E2eQueuePollBat1', 'e2e-queue-poll-batch', '0c1d2e3f-0101-4a00-8000-0000000e2e01', 'poll'),
	path: 'e2e-queue-poll-batch',
};

export const pausedBatch = {
	workflow: batchWorkflow(
		'E2eQueuePauseBat1',
		'e2e-queue-paused-batch',
		'0c1d2e3f-0103-4a00-8000-0000000e2e03',
		'callback',
	),
	path: 'e2e-queue-paused-batch',
};

export const killedBatch = {
	workflow: batchWorkflow(
		'E2eQueueKillBat1',
		'e2e-queue-killed-batch',
		'0c1d2e3f-0102-4a00-8000-0000000e2e02',
		'callback',
	),
	path: 'e2e-queue-killed-batch',
};

/** Every workflow the queue-mode run imports; all start with a trigger, so all are activated. */
export const queueWorkflows: Workflow[] = [
	catalogueWorkflow,
	promptToMp4Workflow,
	pollBatch.workflow,
	callbackWaitWorkflow,
	pausedBatch.workflow,
	triggerWorkflow,
	killedBatch.workflow,
];
