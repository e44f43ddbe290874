/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

import type { Sandbox } from '../../../sandbox';
import { apiRequests, PROMPT_VIDEO, runPresenterVideo, withSandbox } from '../presenterVideoKit';

/** A service whose first answer to a voice list is a 429 that says when to come back. */
async function refusingOnce(
	headers: Record<string, string>,
): Promise<{ server: Server; baseUrl: string; calls: () => number }> {
	let calls = 0;
	const server = createServer((req, res) => {
		calls += 1;
		if (calls === 1) {
			res.writeHead(429, { 'content-type': 'application/json', ...headers });
			res.end(
				JSON.stringify({
					error: 'Rate limit exceeded',
					details: [{ code: 'rate_limit_exceeded', message: 'Slow down' }],
				}),
			);
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify([{ id: 'voice_1', name: 'Emma', language: 'en', gender: 'female' }]));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { server, baseUrl: `http://127.0.0.1:${port}`, calls: () => calls };
}

describe('a 429 that says when to come back', () => {
	it.each([
		['Retry-After', () => ({ 'retry-after': '1' })],
		['X-RateLimit-Reset', () => ({ 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1) })],
	])('is waited out until then (%s), not for a whole minute', async (_name, headers) => {
		const service = await refusingOnce(headers());
		try {
			const sandboxLike = { baseUrl: service.baseUrl, keys: { main: 'key_for_test' } } as Sandbox;
			const result = await runPresenterVideo(sandboxLike, {
				parameters: { resource: 'voice', operation: 'getMany', returnAll: true },
			});
			expect(result.status).toBe('success');
			expect(result.output[0].json).toMatchObject({ name: 'Emma' });
			expect(service.calls()).toBe(2);
		} finally {
			service.server.closeAllConnections();
			await new Promise<void>((resolve) => service.server.close(() => resolve()));
		}
	});
});

describe("the window's length from X-RateLimit-Reset", () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		// 5 requests per second: every answer carries Limit 5 and a Reset at most a second ahead.
		sandbox = await withSandbox({
			timings: { generationMs: 300, exportMs: 200 },
			rateLimit: { limit: 5, windowMs: 1_000 },
		});
	});
	afterAll(async () => await sandbox.close());

	it('Limit 5 with Reset a second ahead allows 5 per second, not 5 per minute', async () => {
		const items = Array.from({ length: 12 }, (_, index) => ({ json: { prompt: `Topic ${index}` } }));
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...PROMPT_VIDEO, operation: 'generate', prompt: '={{ $json.prompt }}', waitForCompletion: 'none' },
			items,
			requestsPerMinute: 5,
		});
		expect(result.status).toBe('success');
		expect(result.output).toHaveLength(12);
		// Each start sent once: refusals, if any, were retried, never a start that went through.
		expect(apiRequests(sandbox, '/generation/start').filter((request) => request.status === 200)).toHaveLength(12);
	});
});
