/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { createServer, request as sendRequest } from 'http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { parse as parseQueryString } from 'querystring';
import type { ParsedUrlQuery } from 'querystring';

import { jsonParse } from 'n8n-workflow';

/** An HTTP request a test sends to a webhook. */
export interface WebhookRequest {
	/** Default POST. */
	method?: string;
	headers?: Record<string, string>;
	query?: Record<string, string | string[]>;
	/** An object is sent as JSON, a string as text/plain, a Buffer as is (unless content-type says otherwise). */
	body?: unknown;
}

/** What the caller of the webhook received. */
export interface CapturedResponse {
	status: number;
	headers: IncomingHttpHeaders;
	text: string;
	/** Parsed JSON when the response says JSON, else the text (undefined when empty). */
	body: unknown;
}

/** The express `Request` fields n8n's webhook layer fills and nodes read. */
export type HarnessRequest = IncomingMessage & {
	body?: unknown;
	rawBody?: Buffer;
	query: ParsedUrlQuery;
	params: Record<string, string>;
	contentType?: string;
	encoding?: BufferEncoding;
	readRawBody(): Promise<void>;
};

/** The subset of express `Response` that webhook nodes use, on a real ServerResponse. */
export type HarnessResponse = ServerResponse & {
	status(code: number): HarnessResponse;
	sendStatus(code: number): HarnessResponse;
	set(name: string, value: string): HarnessResponse;
	header(name: string, value: string): HarnessResponse;
	type(contentType: string): HarnessResponse;
	json(body: unknown): HarnessResponse;
	send(body?: unknown): HarnessResponse;
};

export type WebhookHandler<T> = (req: HarnessRequest, res: HarnessResponse) => Promise<T>;

async function readAll(stream: IncomingMessage): Promise<Buffer> {
	const chunks: Uint8Array[] = [];
	for await (const chunk of stream) chunks.push(chunk as Uint8Array);
	return Buffer.concat(chunks);
}

function asHarnessResponse(res: ServerResponse): HarnessResponse {
	const response = res as HarnessResponse;
	response.status = (code) => {
		response.statusCode = code;
		return response;
	};
	response.set = (name, value) => {
		response.setHeader(name, value);
		return response;
	};
	response.header = response.set;
	response.type = (contentType) => response.set('content-type', contentType);
	response.json = (body) => {
		if (!response.hasHeader('content-type')) response.type('application/json; charset=utf-8');
		response.end(JSON.stringify(body));
		return response;
	};
	response.send = (body) => {
		if (body === undefined || Buffer.isBuffer(body) || typeof body === 'string') {
			if (typeof body === 'string' && !response.hasHeader('content-type')) {
				response.type('text/html; charset=utf-8');
			}
			response.end(body);
			return response;
		}
		return response.json(body);
	};
	response.sendStatus = (code) => response.status(code).send(String(code));
	return response;
}

/** Reads and parses the body as n8n's `parseBody` does: JSON, form-urlencoded and text/plain. */
async function asHarnessRequest(req: IncomingMessage): Promise<HarnessRequest> {
	const request = req as HarnessRequest;
	const url = new URL(req.url ?? '/', 'http://127.0.0.1');
	request.query = parseQueryString(url.search.slice(1));
	request.params = {};
	const [type, ...parameters] = (req.headers['content-type'] ?? '').split(';');
	const charset = parameters.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('charset='));
	request.contentType = type.trim().toLowerCase() || undefined;
	request.encoding = (charset?.slice('charset='.length).toLowerCase() ?? 'utf-8') as BufferEncoding;
	request.rawBody = await readAll(req);
	request.readRawBody = async () => {};

	const text = request.rawBody.toString(request.encoding);
	if (!request.rawBody.length) return request;
	if (request.contentType === 'application/json') request.body = jsonParse(text);
	else if (request.contentType === 'application/x-www-form-urlencoded') request.body = parseQueryString(text);
	else if (request.contentType === 'text/plain') request.body = text;
	return request;
}

/** Gives a raw Node request/response to the handler as express-like req/res. */
export async function serveWebhookRequest<T>(
	req: IncomingMessage,
	res: ServerResponse,
	handler: WebhookHandler<T>,
): Promise<T | undefined> {
	const response = asHarnessResponse(res);
	let request: HarnessRequest;
	try {
		request = await asHarnessRequest(req);
	} catch (error) {
		// n8n answers an unparsable body itself, before any node sees the request.
		response.status(422).json({ code: 422, message: 'Failed to parse request body', hint: (error as Error).message });
		return undefined;
	}
	try {
		const result = await handler(request, response);
		// A caller left hanging would only show up as a test timeout.
		if (!response.headersSent) throw new Error('The webhook request was never answered');
		return result;
	} catch (error) {
		if (!response.headersSent) response.status(500).json({ code: 500, message: (error as Error).message });
		throw error;
	}
}

function encodeBody(request: WebhookRequest, headers: Record<string, string>): Buffer | undefined {
	const { body } = request;
	const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
	if (body === undefined) return undefined;
	if (Buffer.isBuffer(body)) return body;
	if (typeof body === 'string') {
		if (!hasType) headers['content-type'] = 'text/plain';
		return Buffer.from(body);
	}
	if (!hasType) headers['content-type'] = 'application/json';
	return Buffer.from(JSON.stringify(body));
}

async function send(port: number, target: string, request: WebhookRequest): Promise<CapturedResponse> {
	const url = new URL(target, `http://127.0.0.1:${port}`);
	for (const [name, value] of Object.entries(request.query ?? {})) {
		for (const entry of Array.isArray(value) ? value : [value]) url.searchParams.append(name, entry);
	}
	const headers = { ...request.headers };
	const payload = encodeBody(request, headers);
	return await new Promise((resolve, reject) => {
		const outgoing = sendRequest(url, { method: request.method ?? 'POST', headers, agent: false }, (incoming) => {
			readAll(incoming).then((buffer) => {
				const text = buffer.toString('utf-8');
				const isJson = /json/i.test(String(incoming.headers['content-type'] ?? ''));
				resolve({
					status: incoming.statusCode ?? 0,
					headers: incoming.headers,
					text,
					body: text === '' ? undefined : isJson ? JSON.parse(text) : text,
				});
			}, reject);
		});
		outgoing.on('error', reject);
		outgoing.end(payload);
	});
}

/**
 * Sends the request over real HTTP to a one-off server on 127.0.0.1 whose handler gets
 * express-like req/res, as n8n's webhook server would hand them to a node. Resolves once the
 * caller has the complete response; `handled` settles when the handler has finished, which
 * can be later (n8n answers `onReceived` webhooks before the workflow runs).
 */
export async function exchange<T>(
	target: string,
	request: WebhookRequest,
	handler: WebhookHandler<T>,
): Promise<{ response: CapturedResponse; handled: Promise<T | undefined> }> {
	let handled: Promise<T | undefined> | undefined;
	const server = createServer((req, res) => {
		handled = serveWebhookRequest(req, res, handler);
		handled.catch(() => {});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { port } = server.address() as AddressInfo;
		const response = await send(port, target, request);
		return { response, handled: handled ?? Promise.resolve(undefined) };
	} finally {
		server.close();
		server.closeAllConnections();
	}
}
