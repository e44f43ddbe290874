import { byId, presenterVideoNode, respondWithBinaryNode, webhookNode } from './nodes';
import { linearWorkflow } from './workflow-json';

export const promptToMp4WorkflowId = 'E2ePromptToMp401';
export const promptToMp4Path = 'e2e-prompt-to-mp4';
export const createNodeName = 'Create video';

/** Prompt and duration from the request body; the answer is the MP4 itself. */
export const promptToMp4Workflow = linearWorkflow(promptToMp4WorkflowId, 'E2E: prompt to MP4', [
	webhookNode(promptToMp4Path, '0c1d2e3f-0002-4a00-8000-00000000e2e2', { mode: 'responseNode' }),
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
