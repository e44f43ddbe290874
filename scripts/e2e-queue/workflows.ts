import { catalogueWorkflow } from '../e2e/workflows/catalogue';
import { callbackWaitWorkflow } from '../e2e/workflows/callback-wait';
import { codeNode, presenterVideoNode, webhookNode } from '../e2e/workflows/nodes';
import { promptToMp4Workflow } from '../e2e/workflows/prompt-to-mp4';
import { triggerWorkflow } from '../e2e/workflows/trigger-callbacks';
import { linearWorkflow, type Workflow } from '../e2e/workflows/workflow-json';

export const batchNodeName = 'Generate batch';

/** `body.count` prompts, generated side by side and polled until every job ends. */
function pollBatchWorkflow(id: string, path: string, webhookId: string): Workflow {
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
			waitForCompletion: 'poll',
			simplify: true,
			options: { pollingIntervalSeconds: 1, maxWaitMinutes: 5 },
		}),
	]);
}

export const pollBatch = {
	workflow: pollBatchWorkflow('E2eQueuePollBat1', 'e2e-queue-poll-batch', '0c1d2e3f-0101-4a00-8000-0000000e2e01'),
	path: 'e2e-queue-poll-batch',
};

export const killedBatch = {
	workflow: pollBatchWorkflow('E2eQueueKillBat1', 'e2e-queue-killed-batch', '0c1d2e3f-0102-4a00-8000-0000000e2e02'),
	path: 'e2e-queue-killed-batch',
};

/** Every workflow the queue-mode run imports; all start with a trigger, so all are activated. */
export const queueWorkflows: Workflow[] = [
	catalogueWorkflow,
	promptToMp4Workflow,
	pollBatch.workflow,
	callbackWaitWorkflow,
	triggerWorkflow,
	killedBatch.workflow,
];
