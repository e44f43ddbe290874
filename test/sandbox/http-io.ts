/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export type RequestBody =
	| { kind: 'empty' }
	| { kind: 'json'; value: unknown }
	| { kind: 'invalid-json'; text: string }
	| { kind: 'too-large'; bytes: number };

/**
 * Reads a request body. Past 1 MB it stops buffering but keeps draining, so the client finishes
 * sending and can read the 413 instead of seeing a reset connection.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<RequestBody> {
	return new Promise((resolve, reject) => {
		let text = '';
		let bytes = 0;
		// Decoding as a string stream keeps multi-byte characters split across chunks intact.
		req.setEncoding('utf8');
		req.on('data', (chunk: string) => {
			bytes += Buffer.byteLength(chunk);
			if (bytes <= limit) text += chunk;
		});
		req.on('error', reject);
		req.on('end', () => {
			if (bytes > limit) return resolve({ kind: 'too-large', bytes });
			if (text.trim() === '') return resolve({ kind: 'empty' });
			try {
				resolve({ kind: 'json', value: JSON.parse(text) as unknown });
			} catch {
				resolve({ kind: 'invalid-json', text });
			}
		});
	});
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	const payload = Buffer.from(JSON.stringify(body), 'utf8');
	res.writeHead(status, {
		...headers,
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': String(payload.length),
	});
	res.end(payload);
}

export function parseQuery(url: URL): Record<string, string> {
	const query: Record<string, string> = {};
	url.searchParams.forEach((value, key) => {
		query[key] = value;
	});
	return query;
}

/** The token of `Authorization: Bearer <token>`, or undefined when the header is missing or malformed. */
export function bearerToken(authorization: string | undefined): string | undefined {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
	return match ? match[1] : undefined;
}
