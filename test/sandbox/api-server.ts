/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import * as http from 'node:http';
import { SANDBOX_KEYS } from './accounts';
import { ApiError, internalError, ValidationError } from './api-errors';
import { API_PREFIX, findRoute } from './api-routes';
import { applyFaultBefore } from './fault-response';
import { bearerToken, parseQuery, readBody, sendJson, type RequestBody } from './http-io';
import { hasApiAccess } from './plans';
import { loggedBody, recordRequest } from './request-log';
import { rateLimitError } from './rate-limiter';
import { present } from './response-style';
import type { Reply, SandboxState } from './state';

interface Outcome {
	status: number;
	body: unknown;
	headers: Record<string, string>;
	/** The job a start created. */
	jobId?: string;
}

function createdJobId(reply: Reply): string | undefined {
	const jobId = (reply.body as { job_id?: unknown } | undefined)?.job_id;
	return reply.status < 300 && typeof jobId === 'string' ? jobId : undefined;
}

/** A demo user who typed a wrong key learns the one that works here, as the `npm start` banner names it. */
const DEMO_KEY_HINT = `The local sandbox accepts the key ${SANDBOX_KEYS.main} (see the banner printed by npm start).`;

/** The API listener: log, fault injection, rate limit, auth, routing, error shapes. */
export function apiRequestHandler(state: SandboxState): http.RequestListener {
	return (req, res) => {
		handle(state, req, res).catch((error: unknown) => {
			const path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
			if (!res.headersSent) sendJson(res, 500, errorBody(state, internalError(describe(error)), path));
		});
	};
}

/** Error bodies take the profile's shape, which may depend on the route. */
function errorBody(state: SandboxState, error: ApiError | ValidationError, path: string): unknown {
	return state.profile.errors.body(error, path.replace(/\/+$/, ''));
}

async function handle(
	state: SandboxState,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<void> {
	const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
	const record = recordRequest(state.requests, 'api', req, res, url);
	const body: RequestBody =
		req.method === 'GET' || req.method === 'HEAD' ? { kind: 'empty' } : await readBody(req);
	const logged = loggedBody(body);
	if (logged !== undefined) record.body = logged;

	const fault = state.faults.match('api', record.method, url.pathname);
	if (fault) {
		record.fault = fault.kind;
		const faultBody = (error: ApiError): unknown => errorBody(state, error, url.pathname);
		if ((await applyFaultBefore(fault, req, res, state.timers, faultBody)) === 'done') return;
	}
	const outcome = respond(state, req, url, body);
	if (outcome.jobId !== undefined && record.method === 'POST') record.jobId = outcome.jobId;
	if (fault?.kind === 'drop-after') {
		req.socket.destroy();
		return;
	}
	sendJson(res, outcome.status, outcome.body, outcome.headers);
}

function respond(
	state: SandboxState,
	req: http.IncomingMessage,
	url: URL,
	body: RequestBody,
): Outcome {
	const token = bearerToken(req.headers.authorization);
	// Limits are per workspace, shared by all its keys; requests without a known key share a bucket.
	const bucket = (token === undefined ? undefined : state.accounts.spaceForKey(token)?.id) ?? '(no space)';
	const verdict = state.rateLimiter.hit(bucket);
	// Every answer carries the service's clock, which may be ahead of or behind the caller's.
	const headers = { ...verdict.headers, Date: new Date(Date.now() + state.options.clockSkewMs).toUTCString() };
	if (!verdict.allowed) return { status: 429, body: errorBody(state, rateLimitError(), url.pathname), headers };
	try {
		const path = url.pathname.replace(/\/+$/, '');
		if (!path.startsWith(`${API_PREFIX}/`)) throw notFound(req.method, url.pathname);
		if (token === undefined)
			throw new ApiError(
				401,
				'invalid_api_key',
				`Missing or malformed Authorization header: use "Bearer <API_KEY>". ${DEMO_KEY_HINT}`,
			);
		const space = state.accounts.spaceForKey(token);
		if (!space) throw new ApiError(401, 'invalid_api_key', `Invalid API key. ${DEMO_KEY_HINT}`);
		if (!hasApiAccess(space.plan))
			throw new ApiError(403, 'plan_required', 'API access requires an Enterprise plan.');

		const route = findRoute(req.method ?? 'GET', path.slice(API_PREFIX.length));
		if (!route) throw notFound(req.method, url.pathname);
		const reply = route.handler({
			state,
			space,
			body: parsedBody(body),
			query: parseQuery(url),
			params: route.params,
		});
		return { status: reply.status, body: present(reply, state.options.responseStyle), headers, jobId: createdJobId(reply) };
	} catch (error) {
		if (error instanceof ApiError || error instanceof ValidationError)
			return { status: error.status, body: errorBody(state, error, url.pathname), headers };
		return { status: 500, body: errorBody(state, internalError(describe(error)), url.pathname), headers };
	}
}

function parsedBody(body: RequestBody): unknown {
	switch (body.kind) {
		case 'empty':
			return undefined;
		case 'json':
			return body.value;
		case 'invalid-json':
			throw new ValidationError([
				{ code: 'INVALID_TYPE', message: 'The request body is not valid JSON', field: 'body' },
			]);
		case 'too-large':
			throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body exceeds 1 MB.');
	}
}

function notFound(method: string | undefined, path: string): ApiError {
	return new ApiError(404, 'not_found', `No endpoint ${method ?? 'GET'} ${path}.`);
}

function describe(error: unknown): string {
	return error instanceof Error
		? `Internal server error: ${error.message}`
		: 'Internal server error';
}
