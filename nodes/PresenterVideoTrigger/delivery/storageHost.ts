import type { FunctionsBase } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../PresenterVideo/transport/constants';

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
export async function unconfirmedDownloadProblem(
	context: FunctionsBase,
	videoUrl: string,
): Promise<string | undefined> {
	let baseUrl: string;
	try {
		baseUrl = String((await context.getCredentials<{ baseUrl: string }>(CREDENTIAL_TYPE)).baseUrl ?? '');
	} catch {
		return "without Confirm With API the video is only fetched from the service's storage host, which the node learns from the Presenter Video API credential: select one, or turn on Confirm With API";
	}
	if (isServiceStorageUrl(videoUrl, baseUrl)) return undefined;
	return "the address is not the service's storage host (the host of the credential's Base URL or a sibling of it), and the event was not confirmed: turn on Confirm With API to download from the address the service itself reports";
}
