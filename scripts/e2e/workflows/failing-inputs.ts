import { presenterVideoNode, webhookNode } from './nodes';
import { linearWorkflow } from './workflow-json';

export const failingInputsWorkflowId = 'E2eFailingInput1';
export const failingInputsPath = 'e2e-failing-inputs';
export const failingNodeName = 'Create video';

/** Prompt and duration straight from the request body, so a test can send what a user could type. */
export const failingInputsWorkflow = linearWorkflow(failingInputsWorkflowId, 'E2E: error executions', [
	webhookNode(failingInputsPath, '0c1d2e3f-0006-4a00-8000-00000000e2e6', { mode: 'lastNode', data: 'firstEntryJson' }),
	presenterVideoNode(failingNodeName, {
		resource: 'video',
		operation: 'create',
		inputMethod: 'prompt',
		prompt: '={{ $json.body.prompt }}',
		duration: '={{ $json.body.duration }}',
		format: 'vertical',
		options: { pollingIntervalSeconds: 1, maxWaitMinutes: 5 },
	}),
]);
