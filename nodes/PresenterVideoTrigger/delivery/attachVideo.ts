import type { IBinaryData, IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { downloadVideo } from '../transport/downloadVideo';
import { videoFileName } from './buildEventItem';
import type { Deadline } from './deadline';
import { unconfirmedDownloadProblem } from './storageHost';
import type { JobEvent } from './types';

export interface AttachedVideo {
	binary?: IBinaryData;
	/** Set instead of `binary` when the file could not be fetched in time; the event still starts. */
	downloadError?: string;
}

/** Fetches the MP4 of a completed export within what is left of the answer's deadline. */
export async function attachVideo(
	context: IWebhookFunctions,
	event: JobEvent,
	deadline: Deadline,
): Promise<AttachedVideo> {
	const url = event.result?.video_url;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	// A confirmed event carries the service's own answer; an unconfirmed one may name any address.
	const hostProblem =
		url === undefined || options.confirmWithApi ? undefined : await unconfirmedDownloadProblem(context, url);
	const timeoutMs = deadline.callTimeout(deadline.remainingMs());
	const outcome =
		url === undefined
			? { ok: false as const, problem: 'the event has no video address' }
			: hostProblem !== undefined
				? { ok: false as const, problem: hostProblem }
				: timeoutMs === undefined
					? { ok: false as const, problem: 'no time left before the answer is due' }
					: await downloadVideo(context, { url, fileName: videoFileName(event.jobId), timeoutMs });
	if (outcome.ok) return { binary: outcome.binary };
	context.logger.warn(`Presenter Video Trigger: job ${event.jobId}: ${outcome.problem}`);
	return {
		downloadError: `The video was not downloaded: ${outcome.problem}. Use the Presenter Video node's Download operation with videoUrl.`,
	};
}
