import { presenterVideoNode, webhookNode } from './nodes';
import { promptBatch } from './prompt-batch';
import { linearWorkflow } from './workflow-json';

export const callbackWaitWorkflowId = 'E2eCallbackWait1';
export const callbackWaitPath = 'e2e-callback-wait';
export const pausingNodeName = 'Generate and pause';

/** Answers the request at once; the execution then waits for the service to call its resume URL. */
export const callbackWaitWorkflow = linearWorkflow(callbackWaitWorkflowId, 'E2E: pause until the callback', [
	webhookNode(callbackWaitPath, '0c1d2e3f-0005-4a00-8000-00000000e2e5', { mode: 'onReceived' }),
	presenterVideoNode(pausingNodeName, {
		resource: 'video',
		operation: 'generate',
		inputMethod: 'prompt',
		prompt: '={{ $json.body.prompt }}',
		duration: '={{ $json.body.duration }}',
		format: 'vertical',
		waitForCompletion: 'callback',
		simplify: true,
		options: { maxWaitMinutes: 10 },
	}),
]);

/** `body.count` prompts, every job reporting to the one resume URL of the execution. */
export const callbackBatch = promptBatch(
		{ id: 'E2eCallbackBatch1', path: 'e2e-callback-batch', webhookId: '0c1d2e3f-0006-4a00-8000-00000000e2e6' },
	'callback',
	'Batch item',
);
