import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { downloadVideo } from '../transport/downloadVideo';
import { videoFileName } from './buildEventItem';
import type { TriggerOptions } from './handleDelivery';
import { unconfirmedDownloadProblem } from './storageHost';

function wantsVideo(options: TriggerOptions, item: INodeExecutionData): boolean {
	return options.downloadVideo === true && item.json.event === 'export.completed';
}

/**
 * Adds the MP4 of a completed export to the trigger's item, in the execution (after repeats are
 * dropped, so a repeat stores nothing). When it cannot, the item carries downloadError instead.
 */
export async function attachVideo(context: IExecuteFunctions, item: INodeExecutionData): Promise<INodeExecutionData> {
	// The trigger's options are the same for every item of its output.
	const options = context.getNodeParameter('options', 0, {}) as TriggerOptions;
	if (!wantsVideo(options, item)) return item;
	const { videoUrl, jobId } = item.json;
	// A confirmed event carries the service's own answer; an unconfirmed one may name any address.
	const confirmed = options.confirmWithApi === true && item.json.confirmed === true;
	const problem =
		typeof videoUrl !== 'string'
			? 'the event has no video address'
			: confirmed
				? undefined
				: await unconfirmedDownloadProblem(context, videoUrl);
	const outcome =
		typeof videoUrl === 'string' && problem === undefined
			? await downloadVideo(context, { url: videoUrl, fileName: videoFileName(String(jobId)), jobId: String(jobId) })
			: { ok: false as const, problem: problem ?? '' };
	if (outcome.ok) {
		const property = options.binaryPropertyName?.trim() || 'data';
		return { ...item, binary: { ...item.binary, [property]: outcome.binary } };
	}
	context.logger.warn(`Presenter Video Trigger: job ${String(jobId)}: ${outcome.problem}`);
	return {
		...item,
		json: {
			...item.json,
			downloadError: `The video was not downloaded: ${outcome.problem.replace(/\.$/, '')}. The item keeps videoUrl for the Presenter Video node's Download operation.`,
		},
	};
}
