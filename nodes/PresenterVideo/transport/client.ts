import { createHash } from 'crypto';
import {
	type IDataObject,
	type IHttpRequestMethods,
	type IN8nHttpFullResponse,
	type INode,
	type JsonObject,
	NodeApiError,
} from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	READ_TIMEOUT_MS,
	apiRootOf,
	sendApiRequest,
	START_TIMEOUT_MS,
	type ApiContext,
	type ApiRequest,
} from './apiRequest';
import { BudgetDeadlineError, type CallPriority, type NotBefore, type Permit, RequestBudget } from '../schedule/budget';
import {
	buildApiError,
	buildMalformedResponseError,
	buildNetworkError,
	buildRedirectError,
	buildSsrfRefusalError,
	networkCause,
	secretsOfKey,
	type SsrfRefusal,
	ssrfRefusal,
} from './errors';
import { nextRetryDelay, type Outcome, type RequestKind, type RetryState } from './retryPolicy';
import { isRecord } from '../service/types';

export interface CallOptions {
	qs?: IDataObject;
	itemIndex?: number;
	/** Among calls of its kind waiting for the rate limit, lower goes first. */
	order?: number;
	/** Epoch ms: a read waits for the rate limit until then, and then throws BudgetDeadlineError. */
	deadline?: number;
	/** A read whose answer may lead to a start: it goes before other reads. */
	beforeStart?: boolean;
	/** Called as the request leaves, once the rate limit lets it go, on every try. */
	onSend?: () => void;
	/** Not before this moment: a status read waits in the request budget's queue until its job is due. */
	notBefore?: NotBefore;
	/** Ends the call's wait in the queue, besides the execution's cancel: a failed batch's reads stop waiting. */
	signal?: AbortSignal;
}

export interface ApiClient {
	readonly apiRoot: string;
	/** The workspace's request budget, shared with every execution using the same credential. */
	readonly budget: RequestBudget;
	/** A read: retried on network errors, 5xx and 429. Returns the body without a `data` wrapper. */
	get<T>(endpoint: string, options?: CallOptions): Promise<T>;
	/** A billed start: re-sent only after a 429, which certainly was not processed. */
	start<T>(endpoint: string, body: IDataObject, options?: CallOptions): Promise<T>;
	/** The raw body of a read, for lists whose wrapper varies. */
	getRaw(endpoint: string, options?: CallOptions): Promise<unknown>;
	/** One read, never retried, that ends by `deadline` (epoch ms): for a caller whose own caller retries. */
	readOnce(endpoint: string, deadline: number): Promise<OneRead>;
}

type OneRead = { type: 'answer'; status: number; body: unknown } | { type: 'unavailable'; cause: string };

const budgets = new Map<string, RequestBudget>();

/** A credential's Requests per Minute as a whole number; 100, the service's, when unset. */
function limitOf(requestsPerMinute: number): number {
	return requestsPerMinute > 0 ? Math.floor(requestsPerMinute) : 100;
}

/** One budget per workspace and process, keyed by the API root and a hash of the key, never the key itself. */
export function budgetFor(apiRoot: string, apiKey: string, requestsPerMinute: number): RequestBudget {
	const key = `${apiRoot} ${createHash('sha256').update(apiKey.trim()).digest('hex').slice(0, 16)}`;
	let budget = budgets.get(key);
	if (!budget) {
		// Workspaces come and go with credentials: the idle ones are let go.
		for (const [other, idle] of budgets) if (idle.idle) budgets.delete(other);
		budget = new RequestBudget(limitOf(requestsPerMinute));
		budgets.set(key, budget);
	}
	return budget;
}

interface Caller {
	context: ApiContext;
	apiRoot: string;
	node: INode;
	/** What the service quotes back (an echoed header, a key in a message) never reaches an error. */
	secrets: string[];
	signal?: AbortSignal;
	budget: RequestBudget;
	limit: number;
	/** Executions take turns in the budget: one's reads never wait long behind another's starts. */
	lane?: string;
}

function cancelled(caller: Caller, endpoint: string): NodeApiError {
	return new NodeApiError(caller.node, { endpoint } as JsonObject, { message: 'The execution was cancelled' });
}

/** A cancel or a passed deadline ends the wait. */
async function leave(caller: Caller, endpoint: string, priority: CallPriority, options: CallOptions): Promise<Permit> {
	const { budget, lane, limit } = caller;
	const { order, deadline, notBefore } = options;
	const signal = options.signal ?? caller.signal;
	const permit = await budget.acquire({ priority, order, deadline, notBefore, lane, signal, limit });
	if (permit) return permit;
	if (signal?.aborted) throw cancelled(caller, endpoint);
	throw new BudgetDeadlineError();
}

/** The answer, or why none came: the network cause, and the address if n8n's SSRF protection refused it. */
type Sent = { response: IN8nHttpFullResponse } | { response?: undefined; refusal?: SsrfRefusal; cause: string };

/** Sends one request under its permit, which learns what came back. */
async function sendWithPermit(caller: Caller, permit: Permit, request: ApiRequest): Promise<Sent> {
	try {
		const response = await sendApiRequest(caller.context, caller.apiRoot, request);
		permit.finish({ status: response.statusCode, headers: (response.headers ?? {}) as Record<string, unknown> });
		return { response };
	} catch (error) {
		permit.finish(undefined);
		return { refusal: ssrfRefusal(error), cause: networkCause(error) };
	}
}

/** One try: the answer, or why none came. A redirect or an SSRF refusal ends the call at once. */
async function tryOnce(
	caller: Caller,
	kind: RequestKind,
	request: ApiRequest,
	itemIndex: number | undefined,
	permit: Permit,
): Promise<Sent> {
	const { endpoint } = request;
	const sent = await sendWithPermit(caller, permit, request);
	if (!sent.response) {
		if (kind === 'read' && caller.signal?.aborted) throw cancelled(caller, endpoint);
		// Refused before connecting, every time: not retried, and nothing reached the service.
		if (sent.refusal) throw buildSsrfRefusalError(caller.node, endpoint, sent.refusal, itemIndex);
		return sent;
	}
	const { statusCode: status, headers } = sent.response;
	// Not retried: following it, or asking again, would only meet the same redirect.
	if (status >= 300 && status < 400) {
		const location = (headers as Record<string, unknown> | undefined)?.location;
		throw buildRedirectError(caller.node, { status, location, endpoint, itemIndex });
	}
	return sent;
}

function outcomeOf(response: IN8nHttpFullResponse | undefined): Outcome | 'ok' {
	if (!response) return { type: 'network' };
	const { statusCode: status, body } = response;
	if (status < 200 || status >= 300) return { type: 'status', status };
	return typeof body === 'object' && body !== null ? 'ok' : { type: 'malformed' };
}

/** Sends a call when the budget lets it, and tries again as the retry policy says. */
async function send(
	caller: Caller,
	kind: RequestKind,
	method: IHttpRequestMethods,
	endpoint: string,
	body: IDataObject | undefined,
	options: CallOptions,
): Promise<unknown> {
	const state: RetryState = { retries: 0, rateLimitRetries: 0, untilDeadline: options.deadline !== undefined };
	const { itemIndex } = options;
	const priority = kind === 'read' && options.beforeStart ? 'readBeforeStart' : kind;
	const request: ApiRequest = {
		method,
		endpoint,
		body,
		qs: options.qs,
		timeoutMs: kind === 'start' ? START_TIMEOUT_MS : READ_TIMEOUT_MS,
		// A sent start is billed even if the execution is cancelled: its answer is awaited for its job id.
		abortSignal: kind === 'start' ? undefined : caller.signal,
	};
	for (let queued = options; ; ) {
		const permit = await leave(caller, endpoint, priority, queued);
		options.onSend?.();
		const sent = await tryOnce(caller, kind, request, itemIndex, permit);
		const outcome = outcomeOf(sent.response);
		if (outcome === 'ok') return sent.response?.body;
		const reason = sent.response ? `HTTP ${sent.response.statusCode}` : sent.cause;
		const delay = nextRetryDelay(kind, outcome, state);
		if (delay === undefined) {
			const { node, secrets } = caller;
			if (outcome.type === 'network') throw buildNetworkError(node, kind, endpoint, reason, itemIndex);
			if (outcome.type === 'malformed') throw buildMalformedResponseError(node, kind, endpoint, itemIndex);
			throw buildApiError(node, { secrets, status: outcome.status, body: sent.response?.body, endpoint, itemIndex });
		}
		if (outcome.type === 'status' && outcome.status === 429) state.rateLimitRetries++;
		else state.retries++;
		caller.context.logger.debug(`Presenter Video: ${method} ${endpoint} got ${reason}, retrying in ${delay} ms`);
		// The retry waits in the queue, in the place its first try had.
		const retryAt = Date.now() + delay;
		queued = { ...options, order: permit.order, notBefore: delay > 0 ? { at: () => retryAt } : undefined };
	}
}

async function readOnce(caller: Caller, endpoint: string, deadline: number): Promise<OneRead> {
	const { budget, lane, signal, limit } = caller;
	const permit = await budget.acquire({ priority: 'read', deadline, lane, signal, limit });
	if (!permit) return { type: 'unavailable', cause: 'the rate limit left no room in time' };
	const leftMs = Math.max(deadline - Date.now(), 1);
	const request: ApiRequest = { method: 'GET', endpoint, timeoutMs: leftMs, abortSignal: AbortSignal.timeout(leftMs) };
	const sent = await sendWithPermit(caller, permit, request);
	if (!sent.response) {
		const cause = sent.refusal ? `n8n's SSRF protection refused ${sent.refusal.target}` : sent.cause;
		return { type: 'unavailable', cause };
	}
	return { type: 'answer', status: sent.response.statusCode, body: unwrapObject(sent.response.body) };
}

export async function createApiClient(context: ApiContext): Promise<ApiClient> {
	const credentials = await context.getCredentials<{ baseUrl?: string; apiKey?: string; requestsPerMinute?: number }>(
		CREDENTIAL_TYPE,
	);
	const apiRoot = apiRootOf(context, credentials);
	const requestsPerMinute = Number(credentials.requestsPerMinute ?? 100);
	const caller: Caller = {
		context,
		apiRoot,
		node: context.getNode(),
		secrets: secretsOfKey(credentials.apiKey),
		signal: 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined,
		budget: budgetFor(apiRoot, String(credentials.apiKey ?? ''), requestsPerMinute),
		limit: limitOf(requestsPerMinute),
		lane: 'getExecutionId' in context ? context.getExecutionId() : undefined,
	};
	return {
		apiRoot,
		budget: caller.budget,
		readOnce: async (endpoint, deadline) => await readOnce(caller, endpoint, deadline),
		getRaw: async (endpoint, options = {}) => await send(caller, 'read', 'GET', endpoint, undefined, options),
		get: async <T>(endpoint: string, options: CallOptions = {}) =>
			unwrapObject<T>(await send(caller, 'read', 'GET', endpoint, undefined, options)),
		start: async <T>(endpoint: string, body: IDataObject, options: CallOptions = {}) =>
			unwrapObject<T>(await send(caller, 'start', 'POST', endpoint, body, options)),
	};
}

// The service's reference shows bare bodies but leaves a `data` wrapper open: both shapes are read.
const WRAPPER_KEYS = ['data', 'success', 'message'];

/** The object inside a `{ data: {...} }` wrapper, or the body itself. */
export function unwrapObject<T>(body: unknown): T {
	const wrapped = isRecord(body) && isRecord(body.data) && Object.keys(body).every((key) => WRAPPER_KEYS.includes(key));
	return (wrapped ? body.data : body) as T;
}

/** The list in a bare array, `{ <listKey>: [] }`, `{ data: [] }`, `{ data: { <listKey>: [] } }` or `{ items: [] }`. */
export function unwrapList<T>(body: unknown, listKey: string): T[] | undefined {
	if (Array.isArray(body)) return body as T[];
	if (!isRecord(body)) return undefined;
	for (const key of [listKey, 'data', 'items', 'results']) {
		const value = body[key];
		if (Array.isArray(value)) return value as T[];
		if (key === 'data' && isRecord(value)) return unwrapList<T>(value, listKey);
	}
	return undefined;
}
