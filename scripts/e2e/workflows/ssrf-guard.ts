import { presenterVideoNode, respondWithBinaryNode, webhookNode } from './nodes';
import { promptToMp4WorkflowAs } from './prompt-to-mp4';
import { linearWorkflow } from './workflow-json';

export const ssrfCreateWorkflowId = 'E2eSsrfCreate001';
export const ssrfCreatePath = 'e2e-ssrf-create';

/** Prompt in, MP4 out: every API call and the download pass n8n's SSRF check. */
export const ssrfCreateWorkflow = promptToMp4WorkflowAs({
	id: ssrfCreateWorkflowId,
	name: 'E2E: SSRF protection, create',
	path: ssrfCreatePath,
	webhookId: '0c1d2e3f-0012-4a00-8000-00000000e2e2',
});

export const ssrfDownloadWorkflowId = 'E2eSsrfDownload1';
export const ssrfDownloadPath = 'e2e-ssrf-download';

/** Video > Download of whatever Video URL the request names, as a forged storage URL would arrive. */
export const ssrfDownloadWorkflow = linearWorkflow(ssrfDownloadWorkflowId, 'E2E: SSRF protection, download', [
	webhookNode(ssrfDownloadPath, '0c1d2e3f-0013-4a00-8000-00000000e2e2', { mode: 'responseNode' }),
	presenterVideoNode('Download video', {
		resource: 'video',
		operation: 'download',
		downloadFrom: 'url',
		videoUrl: '={{ $json.body.videoUrl }}',
		downloadThumbnail: false,
		options: {},
	}),
	respondWithBinaryNode('Respond with MP4', 'data'),
]);
