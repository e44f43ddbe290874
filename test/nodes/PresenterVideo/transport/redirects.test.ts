import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import { runNode } from '../../../harness';
import { type LocalService, sendJson, startLocalService } from '../../../harness/fixtures/local-service';
import { type Sandbox, startSandbox } from '../../../sandbox';
import { PROMPT_GENERATE } from '../presenterVideoKit';
import { ALL_EVENTS, triggerNode, TriggerUnderTest } from '../triggerTestKit';

/**
 * Hostile stand-ins: a service or storage host that answers with a redirect to another host. The
 * API key must reach no other host, and every hop of a download is checked again.
 */
const API_KEY = 'pv_secret_key_never_elsewhere';

const portOf = (service: LocalService) => new URL(service.url).port;

/** The same machine under another host name: a different host to every check. */
const elsewhereUrl = (service: LocalService, path: string) => `http://localhost:${portOf(service)}${path}`;

async function runAgainst(baseUrl: string, parameters: INodeParameters) {
	return await runNode({
		nodeType: new PresenterVideo(),
		type: 'n8n-nodes-presenter-video.presenterVideo',
		parameters,
		credentials: [
			{ type: 'presenterVideoApi', id: 'hostile', data: { apiKey: API_KEY, baseUrl, requestsPerMinute: 100_000 } },
		],
		timeoutMs: 60_000,
	});
}

describe('redirects, against hostile stand-ins', () => {
	let elsewhere: LocalService;
	let service: LocalService;

	beforeAll(async () => {
		elsewhere = await startLocalService((request, res) => {
			res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '4' });
			res.end('mp4!');
		});
		service = await startLocalService((request, res) => {
			if (request.url.startsWith('/api/')) {
				res.writeHead(request.url.includes('/resources/') ? 307 : 302, {
					location: elsewhereUrl(elsewhere, request.url),
				});
				res.end();
				return;
			}
			if (request.url === '/files/away.mp4') res.writeHead(302, { location: elsewhereUrl(elsewhere, '/v.mp4') });
			else if (request.url === '/files/local.mp4') res.writeHead(302, { location: '/files/real.mp4' });
			else if (request.url === '/files/passwd.mp4') res.writeHead(302, { location: 'file:///etc/passwd' });
			else if (request.url.startsWith('/files/loop'))
				res.writeHead(302, { location: `/files/loop${request.url.length}` });
			else if (request.url === '/files/real.mp4') {
				res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '4' });
				res.end('mp4!');
				return;
			} else return sendJson(res, 404, { error: 'not found' });
			res.end();
		});
	});
	afterAll(async () => {
		await service.close();
		await elsewhere.close();
	});
	beforeEach(() => {
		service.requests.length = 0;
		elsewhere.requests.length = 0;
	});

	it('a billed start answered with a redirect is not followed: an error names the Location’s host', async () => {
		const result = await runAgainst(service.url, PROMPT_GENERATE);

		const error = result.errorOf('Presenter Video');
		expect(error?.message).toBe(
			`The service redirected /generation/start to localhost:${portOf(elsewhere)} (HTTP 302); API calls do not follow redirects`,
		);
		expect(elsewhere.requests).toHaveLength(0);
		expect(service.requests).toHaveLength(1);
		expect(JSON.stringify(result.run.data.resultData)).not.toContain(API_KEY);
	});

	it('a read answered with a redirect is neither followed nor retried', async () => {
		const result = await runAgainst(service.url, {
			resource: 'voice',
			operation: 'getMany',
			returnAll: false,
			limit: 5,
		});

		expect(result.errorOf('Presenter Video')?.message).toMatch(
			/redirected \/resources\/voices.* to localhost:\d+ \(HTTP 307\)/,
		);
		expect(elsewhere.requests).toHaveLength(0);
		expect(service.requests).toHaveLength(1);
	});

	const download = async (videoUrl: string) =>
		await runAgainst(service.url, { resource: 'video', operation: 'download', downloadFrom: 'url', videoUrl });

	it('a download carries no key, on its first hop or on any redirect', async () => {
		const result = await download(`${service.url}/files/away.mp4`);

		expect(result.status).toBe('success');
		expect(elsewhere.requests).toHaveLength(1);
		for (const request of [...service.requests, ...elsewhere.requests]) {
			expect(request.headers.authorization).toBeUndefined();
		}
	});

	it('a download re-checks every hop: a redirect to a file address is refused', async () => {
		const result = await download(`${service.url}/files/passwd.mp4`);

		expect(result.errorOf('Presenter Video')?.message).toMatch(/is not a web address \(redirected there once\)/);
	});

	it('a download follows a bounded number of redirects', async () => {
		const result = await download(`${service.url}/files/loop`);

		expect(result.errorOf('Presenter Video')?.message).toMatch(/more than 5 redirects/);
		expect(service.requests).toHaveLength(6);
	});

	describe('the trigger’s Download Video without Confirm With API', () => {
		let sandbox: Sandbox;
		beforeAll(async () => (sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 } })));
		afterAll(async () => await sandbox.close());

		async function deliverExport(videoUrl: string): Promise<INodeExecutionData> {
			const trigger = new TriggerUnderTest(
				triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }),
				sandbox,
			);
			// The stand-in is the storage the credential names.
			trigger.storageUrl = service.url;
			const run = await trigger.deliver({
				body: { job_id: 'export_hostile1', status: 'completed', task: 'video_export', result: { video_url: videoUrl } },
			});
			const execution = await trigger.execute(run);
			return execution.outputOf('Presenter Video Trigger')[0];
		}

		it('follows a redirect within the storage', async () => {
			const item = await deliverExport(`${service.url}/files/local.mp4`);

			expect(item.json.downloadError).toBeUndefined();
			expect(item.binary?.data).toBeDefined();
		});

		it('does not follow a redirect from the storage to another host', async () => {
			const item = await deliverExport(`${service.url}/files/away.mp4`);

			expect(elsewhere.requests).toHaveLength(0);
			expect(item.binary).toBeUndefined();
			expect(item.json.downloadError).toMatch(/not the service's storage.*\(redirected there once\)/);
		});
	});
});
