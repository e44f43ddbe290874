/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RequestTrap {
	/** Base URL of the listener, e.g. http://127.0.0.2:41234 */
	url: string;
	/** Every request that reached it: method and path. */
	received: string[];
	close(): Promise<void>;
}

/**
 * An HTTP listener on `host` that records every request and answers it with a small file, as a
 * storage host would: a request that gets through shows up in `received` and succeeds.
 */
export async function startRequestTrap(host: string): Promise<RequestTrap> {
	const received: string[] = [];
	const server = http.createServer((request, response) => {
		received.push(`${request.method ?? '?'} ${request.url ?? ''}`);
		request.resume();
		response.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.from('not a video, but an answer'));
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, host, resolve);
	});
	return {
		url: `http://${host}:${(server.address() as AddressInfo).port}`,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
