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

/** The Base URL, with or without trailing slashes or the API path, then the API path once. */
export function apiRootFromBaseUrl(baseUrl: string): string {
	const root = baseUrl.trim().replace(/\/+$/, '');
	return `${root.endsWith(API_PATH) ? root.slice(0, -API_PATH.length) : root}${API_PATH}`;
}

/** Every n8n context that can call the API: executions, pickers, webhooks, hooks. */
export type ApiContext = IAllExecuteFunctions;

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
 * n8n puts the execution's cancel signal over a request's own (`httpRequestWithAuthentication`, n8n-core
 * 2.41.1 and 1.123.81). This view hands it the request's, so a billed start outlives a cancel
 * (`cancelDuringStarts.test.ts` runs it in real n8n-core).
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

/** Every HTTP status comes back for the caller to judge; only no answer at all throws. */
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
		// The key goes to the credential's host only: a 3xx is an error (client.ts).
		disableFollowRedirect: true,
		maxRedirects: 0,
		sendCredentialsOnCrossOriginRedirect: false,
		abortSignal: request.abortSignal,
	})) as IN8nHttpFullResponse;
}
