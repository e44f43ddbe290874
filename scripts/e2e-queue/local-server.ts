/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import http from 'node:http';

/** An HTTP server of the run on 127.0.0.1:`port`, listening once this resolves. */
export async function listenOn(port: number): Promise<http.Server> {
	const server = http.createServer();
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	return server;
}

/** Stops the server, dropping the connections callers keep open. */
export async function closeServer(server: http.Server): Promise<void> {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The whole body of a request. */
export function readBody(request: http.IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Uint8Array[] = [];
		request.on('data', (chunk: Uint8Array) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks)));
		request.on('error', reject);
	});
}
