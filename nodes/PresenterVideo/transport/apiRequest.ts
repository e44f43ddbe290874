import {
	type IAllExecuteFunctions,
	type IDataObject,
	type IHttpRequestMethods,
	type IN8nHttpFullResponse,
	NodeOperationError,
} from 'n8n-workflow';

import { BASE_URL_HELP, malformedBaseUrlReason } from './errors';
import { TIMING } from '../timing';

export const CREDENTIAL_TYPE = 'presenterVideoApi';

export const { readTimeoutMs: READ_TIMEOUT_MS, startTimeoutMs: START_TIMEOUT_MS } = TIMING;

const API_PATH = '/api/public/v1';

/**
 * The one rule for the API root: the credential's Base URL, with or without trailing slashes or the
 * API path, followed by the API path once. The node and the credential's Test both apply it.
 */
export function apiRootFromBaseUrl(baseUrl: string): string {
	const root = baseUrl.trim().replace(/\/+$/, '');
	return `${root.endsWith(API_PATH) ? root.slice(0, -API_PATH.length) : root}${API_PATH}`;
}

/** Every n8n context that can call the API: executions, pickers, webhooks, hooks. */
export type ApiContext = IAllExecuteFunctions;

/** The API root from the credential, refusing a Base URL that is not a web address. */
export function apiRootOf(context: ApiContext, credentials: { baseUrl?: string }): string {
	const baseUrl = String(credentials.baseUrl ?? '').trim();
	const problem = malformedBaseUrlReason(baseUrl);
	if (problem !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The Base URL in the Presenter Video API credential is not a web address: ${problem}`,
			{ description: `Nothing was sent to the service, so nothing was started or billed. ${BASE_URL_HELP}` },
		);
	}
	return apiRootFromBaseUrl(baseUrl);
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	endpoint: string;
	body?: IDataObject;
	qs?: IDataObject;
	timeoutMs: number;
	/** What aborts the request; without it, not even a cancelled execution does. */
	abortSignal?: AbortSignal;
}

/**
 * n8n gives every request of an execution the execution's cancel signal, over any `abortSignal`
 * of the request (`httpRequestWithAuthentication` in n8n-core 2.41.1 and 1.123.81), and offers no
 * option against it. This view of the context hands it the request's own signal instead, so that a
 * billed start can outlive a cancel (`cancelDuringStarts.test.ts` runs it in real n8n-core).
 */
function withCancelSignal(context: ApiContext, signal: AbortSignal | undefined): ApiContext {
	if (!('getExecutionCancelSignal' in context)) return context;
	return new Proxy(context, {
		get(target, property) {
			if (property === 'getExecutionCancelSignal') return () => signal;
			const value: unknown = Reflect.get(target, property, target);
			return typeof value === 'function' ? value.bind(target) : value;
		},
	});
}

/** One authenticated call: every HTTP status comes back for the caller to judge; only no answer at all throws. */
export async function sendApiRequest(
	context: ApiContext,
	apiRoot: string,
	request: ApiRequest,
): Promise<IN8nHttpFullResponse> {
	const requestContext = withCancelSignal(context, request.abortSignal);
	return (await context.helpers.httpRequestWithAuthentication.call(requestContext, CREDENTIAL_TYPE, {
		method: request.method,
		url: `${apiRoot}${request.endpoint}`,
		body: request.body,
		qs: request.qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: request.timeoutMs,
		// A redirect is never followed: the key goes to the credential's host only, and a 3xx is an
		// error naming where it pointed (client.ts).
		disableFollowRedirect: true,
		maxRedirects: 0,
		sendCredentialsOnCrossOriginRedirect: false,
		abortSignal: request.abortSignal,
	})) as IN8nHttpFullResponse;
}
