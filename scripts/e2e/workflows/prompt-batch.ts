import { codeNode, presenterVideoNode, webhookNode } from './nodes';
import { linearWorkflow, type Workflow } from './workflow-json';

export const promptBatchNodeName = 'Generate batch';

/**
 * Webhook → `body.count` prompts → Video Generate, polled until every job ends or paused until the
 * service has called back for every job.
 */
export function promptBatchWorkflow(
	ids: { id: string; path: string; webhookId: string },
	waitForCompletion: 'poll' | 'callback',
	promptLabel: string,
): Workflow {
	return linearWorkflow(ids.id, `E2E: ${ids.path}`, [
		webhookNode(ids.path, ids.webhookId, { mode: 'onReceived' }),
		codeNode(
			'Prompts',
			`const count = $input.first().json.body.count;\nreturn Array.from({ length: count }, (_, i) => ({ json: { prompt: \`${promptLabel} \${i + 1}\` } }));`,
		),
		presenterVideoNode(promptBatchNodeName, {
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

/** A prompt batch and the webhook path that starts it. */
export function promptBatch(
	ids: { id: string; path: string; webhookId: string },
	waitForCompletion: 'poll' | 'callback',
	promptLabel: string,
): { workflow: Workflow; path: string } {
	return { workflow: promptBatchWorkflow(ids, waitForCompletion, promptLabel), path: ids.path };
}
