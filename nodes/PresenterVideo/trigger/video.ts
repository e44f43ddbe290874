import {
	type FunctionsBase,
	type IBinaryData,
	type IExecuteFunctions,
	type INodeExecutionData,
	NodeOperationError,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport/apiRequest';
import { downloadToBinary } from '../transport/download';
import type { TriggerOptions } from './description';
import { videoFileName } from './event';

/**
 * The service's storage, as far as the node can tell without asking: the origin of the credential's
 * Storage URL or of the Base URL, or over https on the default port a sibling under the Base URL's
 * parent domain (api.example.com and cdn.example.com). Not the API's host on another port: another
 * program may listen there. An unconfirmed callback may name any address, so each hop is checked.
 */
export function isServiceStorageUrl(videoUrl: string, apiBaseUrl: string, storageUrl = ''): boolean {
	if (!URL.canParse(videoUrl) || !URL.canParse(apiBaseUrl)) return false;
	const video = new URL(videoUrl);
	const api = new URL(apiBaseUrl);
	if (video.protocol !== 'https:' && video.protocol !== 'http:') return false;
	if (video.username !== '' || video.password !== '') return false;
	const storage = storageUrl.trim();
	if (URL.canParse(storage) && new URL(storage).origin === video.origin) return true;
	if (video.origin === api.origin) return true;
	if (video.protocol !== 'https:' || video.port !== '') return false;
	const labels = api.hostname.split('.');
	const isAddress = /^[\d.]+$/.test(api.hostname) || api.hostname.includes(':');
	if (isAddress || labels.length < 3) return false;
	return video.hostname.endsWith(`.${labels.slice(1).join('.')}`);
}

const NOT_STORAGE =
	"the address is not the service's storage (the credential's Storage URL, the Base URL's own address, or an https sibling of its host), and the event was not confirmed: set Storage URL in the Presenter Video API credential, or turn on Confirm With API to download from the address the service itself reports";

const NO_CREDENTIAL =
	"without Confirm With API the video is only fetched from the service's storage, which the node learns from the Presenter Video API credential: select one, or turn on Confirm With API";

/** Which addresses a download may reach (each hop), or why there is none. */
type StorageRule = { refuseUrl: (url: string) => string | undefined } | { problem: string };

/** The rule an unconfirmed event's download follows, or why there is none. */
async function unconfirmedStorageRule(context: FunctionsBase): Promise<StorageRule> {
	const credentials = await context
		.getCredentials<{ baseUrl?: string; storageUrl?: string }>(CREDENTIAL_TYPE)
		.catch(() => undefined);
	if (credentials === undefined) return { problem: NO_CREDENTIAL };
	const baseUrl = String(credentials.baseUrl ?? '');
	const storageUrl = String(credentials.storageUrl ?? '');
	return { refuseUrl: (url) => (isServiceStorageUrl(url, baseUrl, storageUrl) ? undefined : NOT_STORAGE) };
}

/** Reported, not thrown: the event is already recorded, so no repeat would start the execution again. */
async function downloadVideo(
	context: IExecuteFunctions,
	videoUrl: unknown,
	jobId: string,
	confirmed: boolean,
): Promise<{ binary: IBinaryData } | { problem: string }> {
	if (typeof videoUrl !== 'string') return { problem: 'the event has no video address' };
	// A confirmed event carries the service's own answer; an unconfirmed one may name any address.
	const rule = confirmed ? { refuseUrl: undefined } : await unconfirmedStorageRule(context);
	if ('problem' in rule) return rule;
	const refused = rule.refuseUrl?.(videoUrl);
	if (refused !== undefined) return { problem: refused };
	try {
		const fileName = videoFileName(jobId);
		const request = { url: videoUrl, fileName, mimeType: 'video/mp4', jobId, refuseUrl: rule.refuseUrl };
		return { binary: await downloadToBinary(context, request) };
	} catch (error) {
		const { message, description } = error as NodeOperationError;
		return { problem: description ? `${message}. ${description}` : message };
	}
}

/** Adds a completed export's MP4 to the trigger's item, or downloadError when it cannot. */
export async function attachVideo(context: IExecuteFunctions, item: INodeExecutionData): Promise<INodeExecutionData> {
	// The trigger's options are the same for every item of its output.
	const options = context.getNodeParameter('options', 0, {}) as TriggerOptions;
	if (options.downloadVideo !== true || item.json.event !== 'export.completed') return item;
	const jobId = String(item.json.jobId);
	const confirmed = options.confirmWithApi === true && item.json.confirmed === true;
	const outcome = await downloadVideo(context, item.json.videoUrl, jobId, confirmed);
	if ('binary' in outcome) {
		const property = options.binaryPropertyName?.trim() || 'data';
		return { ...item, binary: { ...item.binary, [property]: outcome.binary } };
	}
	context.logger.warn(`Presenter Video Trigger: job ${jobId}: ${outcome.problem}`);
	return {
		...item,
		json: {
			...item.json,
			downloadError: `The video was not downloaded: ${outcome.problem.replace(/\.$/, '')}. The item keeps videoUrl for the Presenter Video node's Download operation.`,
		},
	};
}
