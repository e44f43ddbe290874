import { NodeOperationError, type IBinaryData } from 'n8n-workflow';

import { downloadToBinary, type DownloadContext } from '../../PresenterVideo/transport/download';

export type DownloadOutcome = { ok: true; binary: IBinaryData } | { ok: false; problem: string };

/**
 * Streams the MP4 into n8n's binary data with the action node's download. A failure is reported,
 * not thrown: the event is already recorded as processed, so the workflow goes on with the
 * video's address rather than failing an execution no repeat would start again.
 */
export async function downloadVideo(
	context: DownloadContext,
	request: { url: string; fileName: string; jobId: string },
): Promise<DownloadOutcome> {
	try {
		const binary = await downloadToBinary(context, {
			url: request.url,
			fileName: request.fileName,
			mimeType: 'video/mp4',
			jobId: request.jobId,
		});
		return { ok: true, binary };
	} catch (error) {
		const { message, description } = error as NodeOperationError;
		return { ok: false, problem: description ? `${message}. ${description}` : message };
	}
}
