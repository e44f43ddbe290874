import type { IBinaryData, IWebhookFunctions } from 'n8n-workflow';

import { downloadToBinary } from '../../PresenterVideo/transport/download';

export type DownloadOutcome = { ok: true; binary: IBinaryData } | { ok: false; problem: string };

/**
 * Streams the MP4 into n8n's binary data, all of it within `timeoutMs`: the deadline signal aborts
 * a slow transfer midway, not only a slow first byte. A failure is reported, not thrown, so that
 * the workflow still starts with the video's address.
 */
export async function downloadVideo(
	context: IWebhookFunctions,
	request: { url: string; fileName: string; timeoutMs: number },
): Promise<DownloadOutcome> {
	const signal = AbortSignal.timeout(request.timeoutMs);
	try {
		const binary = await downloadToBinary(context, {
			url: request.url,
			fileName: request.fileName,
			mimeType: 'video/mp4',
			timeoutMs: request.timeoutMs,
			abortSignal: signal,
		});
		return { ok: true, binary };
	} catch (error) {
		const cause = signal.aborted ? `not finished within ${request.timeoutMs} ms` : (error as Error).message;
		return { ok: false, problem: `the download failed: ${cause}` };
	}
}
