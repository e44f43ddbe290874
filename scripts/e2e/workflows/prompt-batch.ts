import { presenterCredential, presenterCredentialType } from './credential';
import { codeNode, presenterVideoNode, webhookNode } from './nodes';
import { linearWorkflow, type CredentialRef, type NodeParameters, type Workflow } from './workflow-json';

export const promptBatchNodeName = 'Generate batch';

/** Poll until every job ends, pause until the service has called back for every job, or return at once. */
export type BatchWait = 'poll' | 'callback' | 'none';

const waitOptions: Record<BatchWait, NodeParameters> = {
	poll: { pollingIntervalSeconds: 1, maxWaitMinutes: 5 },
	callback: { maxWaitMinutes: 10 },
	none: {},
};

/** What a batch may change of the suite's defaults: the credential, and more of the node's Options. */
export interface BatchSettings {
	credential?: CredentialRef;
	options?: NodeParameters;
}

/** Webhook → `body.count` prompts → Video Generate, waiting as `waitForCompletion` says. */
export function promptBatchWorkflow(
	ids: { id: string; path: string; webhookId: string },
	waitForCompletion: BatchWait,
	promptLabel: string,
	{ credential = presenterCredential, options = {} }: BatchSettings = {},
): Workflow {
	return linearWorkflow(ids.id, `E2E: ${ids.path}`, [
		webhookNode(ids.path, ids.webhookId, { mode: 'onReceived' }),
		codeNode(
			'Prompts',
			`const count = $input.first().json.body.count;\nreturn Array.from({ length: count }, (_, i) => ({ json: { prompt: \`${promptLabel} \${i + 1}\` } }));`,
		),
		presenterVideoNode(
			promptBatchNodeName,
			{
				resource: 'video',
				operation: 'generate',
				inputMethod: 'prompt',
				prompt: '={{ $json.prompt }}',
				duration: 10,
				format: 'vertical',
				waitForCompletion,
				simplify: true,
				options: { ...waitOptions[waitForCompletion], ...options },
			},
			{ credentials: { [presenterCredentialType]: credential } },
		),
	]);
}

/** A prompt batch and the webhook path that starts it. */
export function promptBatch(
	ids: { id: string; path: string; webhookId: string },
	waitForCompletion: BatchWait,
	promptLabel: string,
	settings?: BatchSettings,
): { workflow: Workflow; path: string } {
	return { workflow: promptBatchWorkflow(ids, waitForCompletion, promptLabel, settings), path: ids.path };
}
