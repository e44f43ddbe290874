import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { apiRootFromBaseUrl, READ_TIMEOUT_MS } from '../transport/apiRequest';
import {
	BASE_URL_HELP,
	causeChain,
	locationHost,
	malformedBaseUrlReason,
	secretsOfKey,
	serviceSaid,
	SSRF_ALLOW_HINT,
	ssrfRefusal,
	unreachableReason,
} from '../transport/errors';

/** A node method (`testedBy`) to explain connection errors n8n's declarative test shows as bare codes. */
const TESTED_PATH = '/resources/voices';

const NOTHING_SENT = 'Nothing was sent to the service.';

const STATUS_MESSAGES: Record<number, string> = {
	401: 'The API key is invalid, expired or malformed. Generate a new key in the dashboard (Your Space > Settings > API > Generate API Key) and paste it whole.',
	403: 'The key is valid but API access needs an Enterprise plan.',
	404: `A server answers at the Base URL, but not the presenter-video API: /api/public/v1${TESTED_PATH} was not found there. Enter the service's root address (for example https://api.example.com), without a path after the host.`,
	429: "The workspace's rate limit is reached (100 requests a minute, shared by every workflow using this key), so the key could not be checked. Test again in a minute.",
};

interface TestResponse {
	statusCode: number;
	headers?: IDataObject;
	body?: unknown;
}

function failed(message: string): INodeCredentialTestResult {
	return { status: 'Error', message };
}

/** What the service's answer says about the credential; `secrets` never appear in it. */
export function verdictOfResponse(
	{ statusCode, headers, body }: TestResponse,
	secrets: readonly string[] = [],
): INodeCredentialTestResult {
	if (statusCode >= 200 && statusCode < 300) {
		if (typeof body === 'object' && body !== null) return { status: 'OK', message: 'Connection successful' };
		return failed(`A server answers at the Base URL, but not with the presenter-video API's JSON. ${BASE_URL_HELP}`);
	}
	if (statusCode >= 300 && statusCode < 400) {
		const host = locationHost(headers?.location, 'the Base URL');
		return failed(
			`The Base URL redirects to ${host} (HTTP ${statusCode}), and the API key is not sent across a redirect. Enter the address it redirects to as the Base URL (for example https:// rather than http://).`,
		);
	}
	const known = STATUS_MESSAGES[statusCode];
	// A rejected key: the fix, then the service's own words, which may say more (a sandbox names its demo key).
	const said = statusCode === 401 ? serviceSaid(body, secrets) : undefined;
	if (known !== undefined) return failed(said === undefined ? known : `${known} ${said}`);
	if (statusCode >= 500)
		return failed(`The service answered HTTP ${statusCode}: it had an internal error. Test again in a few minutes.`);
	return failed(`The service answered HTTP ${statusCode} at /api/public/v1${TESTED_PATH}. ${BASE_URL_HELP}`);
}

function errorCode(error: unknown): string | undefined {
	const codes = causeChain(error).map(({ code }) => code);
	return codes.find((code): code is string => typeof code === 'string' && code !== '');
}

/** A request that got no answer: why, and what to check. */
export function verdictOfFailure(error: unknown): INodeCredentialTestResult {
	const refusal = ssrfRefusal(error);
	if (refusal)
		return failed(
			`n8n's SSRF protection refused the API address ${refusal.target}. ${NOTHING_SENT} ${SSRF_ALLOW_HINT}`,
		);
	const code = errorCode(error) ?? 'no answer';
	const reason = unreachableReason(code);
	if (reason !== undefined)
		return failed(`The Base URL cannot be reached: ${reason} (${code}). ${NOTHING_SENT} ${BASE_URL_HELP}`);
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT')
		return failed(`The Base URL did not answer within ${READ_TIMEOUT_MS / 1000} s (${code}). ${BASE_URL_HELP}`);
	return failed(`The connection to the Base URL failed (${code}). ${BASE_URL_HELP}`);
}

export async function presenterVideoApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const { apiKey, baseUrl } = (credential.data ?? {}) as { apiKey?: unknown; baseUrl?: unknown };
	const baseUrlText = typeof baseUrl === 'string' ? baseUrl : '';
	const problem = malformedBaseUrlReason(baseUrlText);
	if (problem !== undefined)
		return failed(`The Base URL is not a web address: ${problem}. ${NOTHING_SENT} ${BASE_URL_HELP}`);
	// n8n hands a credential test only this helper (ICredentialTestFunctions, n8n-workflow 2.41 and 1.123).
	const { request } = this.helpers;
	try {
		const response = (await request({
			method: 'GET',
			uri: `${apiRootFromBaseUrl(baseUrlText)}${TESTED_PATH}`,
			headers: { Authorization: `Bearer ${String(apiKey ?? '')}` },
			json: true,
			// An answer of any status comes back to be judged; a redirect is not followed with the key.
			simple: false,
			resolveWithFullResponse: true,
			followRedirect: false,
			followAllRedirects: false,
			timeout: READ_TIMEOUT_MS,
		})) as TestResponse;
		return verdictOfResponse(response, secretsOfKey(apiKey));
	} catch (error) {
		return verdictOfFailure(error);
	}
}
