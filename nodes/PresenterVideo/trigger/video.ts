import {
	type FunctionsBase,
	type IBinaryData,
	type IExecuteFunctions,
	type INodeExecutionData,
	NodeOperationError,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport/apiRequest';
import { type DownloadContext, downloadToBinary } from '../transport/download';
import type { TriggerOptions } from './description';
import { videoFileName } from './event';

/**
 * The service's own storage host, as far as the node can know it without asking the service: the
 * API's host itself (the sandbox serves files there, on another port) or a sibling under the same
 * parent domain (api.example.com and cdn.example.com). An unconfirmed callback may name any address;
 * only these are fetched.
 */
export function isServiceStorageUrl(videoUrl: string, apiBaseUrl: string): boolean {
	if (!URL.canParse(videoUrl) || !URL.canParse(apiBaseUrl)) return false;
	const video = new URL(videoUrl);
	const api = new URL(apiBaseUrl);
	if (video.protocol !== 'https:' && video.protocol !== 'http:') return false;
	if (api.protocol === 'https:' && video.protocol !== 'https:') return false;
	if (video.username !== '' || video.password !== '') return false;
	if (video.hostname === api.hostname) return true;
	const labels = api.hostname.split('.');
	const isAddress = /^[\d.]+$/.test(api.hostname) || api.hostname.includes(':');
	if (isAddress || labels.length < 3) return false;
	return video.hostname.endsWith(`.${labels.slice(1).join('.')}`);
}

/** Why an unconfirmed event's video is not fetched, or undefined when it may be. */
async function unconfirmedDownloadProblem(context: FunctionsBase, videoUrl: string): Promise<string | undefined> {
	let baseUrl: string;
	try {
		baseUrl = String((await context.getCredentials<{ baseUrl: string }>(CREDENTIAL_TYPE)).baseUrl ?? '');
	} catch {
		return "without Confirm With API the video is only fetched from the service's storage host, which the node learns from the Presenter Video API credential: select one, or turn on Confirm With API";
	}
	if (isServiceStorageUrl(videoUrl, baseUrl)) return undefined;
	return "the address is not the service's storage host (the host of the credential's Base URL or a sibling of it), and the event was not confirmed: turn on Confirm With API to download from the address the service itself reports";
}

type DownloadOutcome = { ok: true; binary: IBinaryData } | { ok: false; problem: string };

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
