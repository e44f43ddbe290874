import { presenterVideoNode, webhookNode } from '../e2e/workflows/nodes';
import { linearWorkflow } from '../e2e/workflows/workflow-json';

export const smallDownloadName = 'Download a small file';
export const bigDownloadName = 'Download a big file';

function downloadFromUrl(name: string, videoUrl: string) {
	return presenterVideoNode(name, {
		resource: 'video',
		operation: 'download',
		downloadFrom: 'url',
		videoUrl,
		downloadThumbnail: false,
		options: {},
	});
}

/**
 * Webhook `{ small, big }` (two file addresses) → Download of the small one → Download of the big
 * one: one execution, so both run in one worker process, the second after the first has stored
 * its file.
 */
export const storedThenBig = {
	path: 'e2e-queue-stored-then-big',
	workflow: linearWorkflow('E2eQueueBinStore', 'E2E: a stored file, then one over the cap', [
		webhookNode('e2e-queue-stored-then-big', '0c1d2e3f-0107-4a00-8000-0000000e2e07', { mode: 'onReceived' }),
		downloadFromUrl(smallDownloadName, '={{ $json.body.small }}'),
		downloadFromUrl(bigDownloadName, "={{ $('Webhook').first().json.body.big }}"),
	]),
};
