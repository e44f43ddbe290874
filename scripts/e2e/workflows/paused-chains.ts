import { failMarker } from '../../../test/sandbox';
import { codeNode, noOpNode, nodeId, presenterVideoNode, waitForWebhookNode, webhookNode } from './nodes';
import { linearWorkflow, type NodeParameters, type Workflow } from './workflow-json';

/** A workflow started by a POST of `{ count, tag }`; the tag in every prompt tells its jobs apart. */
export interface TaggedWorkflow {
	workflow: Workflow;
	path: string;
}

/** `body.count` items, each prompt carrying `body.tag`. */
const taggedPrompts = codeNode(
	'Prompts',
	'const { count, tag } = $input.first().json.body;\nreturn Array.from({ length: count }, (_, i) => ({ json: { prompt: `${tag} item ${i + 1}` } }));',
);

function pausingGenerate(name: string, prompt: string, options: NodeParameters = { maxWaitMinutes: 10 }) {
	return presenterVideoNode(name, {
		resource: 'video',
		operation: 'generate',
		inputMethod: 'prompt',
		prompt,
		duration: 10,
		format: 'vertical',
		waitForCompletion: 'callback',
		simplify: true,
		options,
	});
}

function tagged(id: string, path: string, webhookId: string, nodes: Parameters<typeof linearWorkflow>[2]): TaggedWorkflow {
	return {
		workflow: linearWorkflow(id, `E2E: ${path}`, [webhookNode(path, webhookId, { mode: 'onReceived' }), taggedPrompts, ...nodes]),
		path,
	};
}

export const pausedGenerateName = 'Generate and pause';
export const pausedGenerateId = nodeId(pausedGenerateName);
export const waitNodeName = 'Wait for approval';
export const noOpName = 'Approved';

/** Generate paused for callbacks, then a Wait node resumed by a call of the execution's resume URL. */
export const pausedThenWaitNode = tagged('E2ePauseThenWait', 'e2e-pause-then-wait', '0c1d2e3f-0022-4a00-8000-00000000e302', [
	pausingGenerate(pausedGenerateName, '={{ $json.prompt }}'),
	waitForWebhookNode(waitNodeName),
	noOpNode(noOpName),
]);

export const firstPausedName = 'Generate first';
export const secondPausedName = 'Generate second';
export const firstPausedId = nodeId(firstPausedName);
export const secondPausedId = nodeId(secondPausedName);
/** The second node's prompt names the first node's job, so its starts show what it was given. */
export const secondPromptPrefix = 'Second look at ';

/** Two Generate nodes paused for callbacks in a row, the second fed by the first's results. */
function pausedTwiceWorkflow(id: string, path: string, webhookId: string): TaggedWorkflow {
	return tagged(id, path, webhookId, [
		pausingGenerate(firstPausedName, '={{ $json.prompt }}'),
		pausingGenerate(secondPausedName, `={{ '${secondPromptPrefix}' + $json.jobId }}`),
	]);
}

export const pausedTwice = pausedTwiceWorkflow('E2ePausedTwice01', 'e2e-paused-twice', '0c1d2e3f-0023-4a00-8000-00000000e303');
/** The same, for the calls made once the execution has moved on. */
export const pausedTwiceLate = pausedTwiceWorkflow('E2ePausedLate001', 'e2e-paused-late', '0c1d2e3f-0025-4a00-8000-00000000e305');

export const failingPausedName = 'Generate failing';
export const failingPausedId = nodeId(failingPausedName);
export const failingCode = 'VOICE_GENERATION_FAILED';
/** Max Wait of the failing batch, in minutes: short, as n8n's wait tracker adds up to a minute. */
export const failingMaxWaitMinutes = 0.5;

/** Generate paused for callbacks whose every job fails on the service. */
export const pausedFailure = tagged('E2ePausedFail01', 'e2e-paused-failure', '0c1d2e3f-0024-4a00-8000-00000000e304', [
	pausingGenerate(failingPausedName, `={{ $json.prompt + ' ${failMarker(failingCode)}' }}`, {
		maxWaitMinutes: failingMaxWaitMinutes,
	}),
]);

export const lateDecisionName = 'Generate decided late';
export const lateDecisionId = nodeId(lateDecisionName);

/** Generate paused for callbacks whose job fails: its callback is read before the batch goes on. */
export const lateDecision = tagged('E2eLateDecide01', 'e2e-late-decision', '0c1d2e3f-0043-4a00-8000-00000000e503', [
	pausingGenerate(lateDecisionName, `={{ $json.prompt + ' ${failMarker(failingCode)}' }}`),
]);
