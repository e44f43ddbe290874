/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, parseQuery, type RequestBody } from './http-io';
import type { RecordedRequest } from './types';

/** Logs a request on arrival (so the log keeps arrival order) and fills in its status when answered. */
export function recordRequest(
	log: RecordedRequest[],
	listener: RecordedRequest['listener'],
	req: IncomingMessage,
	res: ServerResponse,
	url: URL,
): RecordedRequest {
	const authorization = req.headers.authorization;
	const apiKey = bearerToken(authorization);
	const record: RecordedRequest = {
		at: Date.now(),
		listener,
		method: req.method ?? 'GET',
		path: url.pathname,
		query: parseQuery(url),
		...(apiKey !== undefined ? { apiKey } : {}),
		...(authorization !== undefined ? { authorization } : {}),
		status: 0,
	};
	log.push(record);
	res.on('finish', () => {
		record.status = res.statusCode;
	});
	return record;
}

export function loggedBody(body: RequestBody): unknown {
	switch (body.kind) {
		case 'empty':
			return undefined;
		case 'json':
			return body.value;
		case 'invalid-json':
			return body.text.slice(0, 2000);
		case 'too-large':
			return `[body of ${body.bytes} bytes, over the 1 MB limit]`;
	}
}

/** The most requests that arrived within any window of `windowMs`: what the service's limit sees. */
export function peakInAnyWindow(times: number[], windowMs: number): number {
	const sorted = [...times].sort((a, b) => a - b);
	let peak = 0;
	for (let last = 0, first = 0; last < sorted.length; last += 1) {
		while (sorted[last] - sorted[first] >= windowMs) first += 1;
		peak = Math.max(peak, last - first + 1);
	}
	return peak;
}
