import { byId, presenterVideoNode, respondWithBinaryNode, webhookNode } from './nodes';
import { linearWorkflow, type Workflow } from './workflow-json';

export const promptToMp4WorkflowId = 'E2ePromptToMp401';
export const promptToMp4Path = 'e2e-prompt-to-mp4';
export const createNodeName = 'Create video';

interface WorkflowIdentity {
	id: string;
	name: string;
	path: string;
	webhookId: string;
}

/** Prompt and duration from the request body; the answer is the MP4 itself. */
export function promptToMp4WorkflowAs({ id, name, path, webhookId }: WorkflowIdentity): Workflow {
	return linearWorkflow(id, name, [
		webhookNode(path, webhookId, { mode: 'responseNode' }),
		presenterVideoNode(createNodeName, {
			resource: 'video',
			operation: 'create',
			inputMethod: 'prompt',
			prompt: '={{ $json.body.prompt }}',
			duration: '={{ $json.body.duration }}',
			voice: byId('voice_olivia_en_us'),
			avatar: byId('av_hana_studio'),
			format: 'vertical',
			downloadThumbnail: false,
			options: { pollingIntervalSeconds: 1, maxWaitMinutes: 5 },
		}),
		respondWithBinaryNode('Respond with MP4', 'data'),
	]);
}

export const promptToMp4Workflow = promptToMp4WorkflowAs({
	id: promptToMp4WorkflowId,
	name: 'E2E: prompt to MP4',
	path: promptToMp4Path,
	webhookId: '0c1d2e3f-0002-4a00-8000-00000000e2e2',
});
