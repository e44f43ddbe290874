import { codeNode, presenterVideoNode, webhookNode } from './nodes';
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

export const callbackBatchWorkflowId = 'E2eCallbackBatch1';
export const callbackBatchPath = 'e2e-callback-batch';

/** `body.count` prompts, every job reporting to the one resume URL of the execution. */
export const callbackBatchWorkflow = linearWorkflow(callbackBatchWorkflowId, 'E2E: pause for several items', [
	webhookNode(callbackBatchPath, '0c1d2e3f-0006-4a00-8000-00000000e2e6', { mode: 'onReceived' }),
	codeNode(
		'Prompts',
		"const count = $input.first().json.body.count;\nreturn Array.from({ length: count }, (_, i) => ({ json: { prompt: `Batch item ${i + 1}` } }));",
	),
	presenterVideoNode(pausingNodeName, {
		resource: 'video',
		operation: 'generate',
		inputMethod: 'prompt',
		prompt: '={{ $json.prompt }}',
		duration: 10,
		format: 'vertical',
		waitForCompletion: 'callback',
		simplify: true,
		options: { maxWaitMinutes: 10 },
	}),
]);
