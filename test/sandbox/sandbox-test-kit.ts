/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/** Small helpers shared by the sandbox's own tests (not a test file itself). */
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies loosely, field by field */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from './index';

export interface ApiResponse<T = any> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export interface CallOptions {
	key?: string | null;
	body?: unknown;
	/** Sent verbatim instead of JSON-encoding `body`. */
	rawBody?: string;
	headers?: Record<string, string>;
}

/** Calls `${apiUrl}${path}` with the main key unless told otherwise (`key: null` sends none). */
export async function call<T = any>(
	sandbox: Sandbox,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<ApiResponse<T>> {
	const key = options.key === undefined ? sandbox.keys.main : options.key;
	const headers: Record<string, string> = { ...options.headers };
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	let payload: string | undefined = options.rawBody;
	if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
	if (payload !== undefined) headers['Content-Type'] ??= 'application/json';
	const response = await fetch(`${sandbox.apiUrl}${path}`, {
		method,
		headers,
		...(payload !== undefined ? { body: payload } : {}),
	});
	const text = await response.text();
	let body: any;
	try {
		body = JSON.parse(text);
	} catch {
		body = undefined;
	}
	return { status: response.status, headers: response.headers, body, text };
}

export const get = <T = any>(sandbox: Sandbox, path: string, options?: CallOptions) =>
	call<T>(sandbox, 'GET', path, options);
export const post = <T = any>(
	sandbox: Sandbox,
	path: string,
	body: unknown,
	options: CallOptions = {},
) => call<T>(sandbox, 'POST', path, { ...options, body });

/** The key a 401's message tells a demo user to use, or undefined when it names none. */
export function keyNamedIn(message: unknown): string | undefined {
	if (typeof message !== 'string') return undefined;
	return /The local sandbox accepts the key (\S+) \(see the banner printed by npm start\)\.$/.exec(message)?.[1];
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor<T>(
	probe: () => Promise<T | undefined> | T | undefined,
	timeoutMs = 10_000,
	everyMs = 20,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
		await sleep(everyMs);
	}
}

/** Polls a status endpoint until the job is completed or failed; returns the final body. */
export function waitForJob(
	sandbox: Sandbox,
	kind: 'generation' | 'export',
	jobId: string,
	key?: string,
): Promise<any> {
	return waitFor(async () => {
		const response = await get(
			sandbox,
			`/${kind}/status/${jobId}`,
			key === undefined ? {} : { key },
		);
		if (response.status !== 200)
			throw new Error(`status poll answered ${response.status}: ${response.text}`);
		const status = response.body?.status;
		return status === 'completed' || status === 'failed' ? response.body : undefined;
	});
}

/** The status body of an export that completed with its download, as the sandbox writes it. */
export function completedExportBody(sandbox: Sandbox, jobId: string, cost: number): Record<string, unknown> {
	return {
		job_id: jobId,
		status: 'completed',
		progress: 100,
		current_step: 'render',
		result: {
			video_url: `${sandbox.storageUrl}/videos/${jobId}.mp4`,
			thumbnail_url: `${sandbox.storageUrl}/thumbnails/${jobId}.jpg`,
			cost,
			created_at: expect.any(String),
		},
	};
}

/** Starts a prompt-based generation, waits for it, and returns its video id. */
export async function generateVideo(
	sandbox: Sandbox,
	body: Record<string, unknown>,
	key?: string,
): Promise<string> {
	const start = await post(sandbox, '/generation/start', body, key === undefined ? {} : { key });
	if (start.status !== 200 && start.status !== 201)
		throw new Error(`generation start failed: ${start.text}`);
	const final = await waitForJob(sandbox, 'generation', start.body.job_id, key);
	if (final.status !== 'completed') throw new Error(`generation failed: ${JSON.stringify(final)}`);
	return final.result.video_id as string;
}

export interface Receiver {
	url: string;
	received: Array<{ at: number; body: any; headers: http.IncomingHttpHeaders; method: string }>;
	close(): Promise<void>;
}

/** A status to send at once, 'hang' to never answer (for time-outs), or a status sent after a delay. */
export type ReceiverAnswer = number | 'hang' | { status: number; afterMs: number };

/**
 * A webhook receiver on 127.0.0.1. `answer` gets the 1-based delivery number and returns what to
 * answer it.
 */
export async function startReceiver(
	answer: (delivery: number) => ReceiverAnswer = () => 200,
): Promise<Receiver> {
	const received: Receiver['received'] = [];
	const server = http.createServer((req, res) => {
		let text = '';
		req.setEncoding('utf8');
		req.on('data', (chunk: string) => (text += chunk));
		req.on('end', () => {
			received.push({
				at: Date.now(),
				body: JSON.parse(text),
				headers: req.headers,
				method: req.method ?? '',
			});
			const reply = answer(received.length);
			if (typeof reply === 'number') res.writeHead(reply).end();
			else if (reply !== 'hang') setTimeout(() => res.writeHead(reply.status).end(), reply.afterMs);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		received,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/** A URL on 127.0.0.1 where nothing listens (a port just released). */
export async function unusedUrl(): Promise<string> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/hook`;
}

export async function download(
	url: string,
	headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
	const response = await fetch(url, { headers });
	return {
		status: response.status,
		headers: response.headers,
		bytes: Buffer.from(await response.arrayBuffer()),
	};
}
