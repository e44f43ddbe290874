/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test and tooling code runs in Node, not inside n8n */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { sha256 } from './fixtures/bytes';
import { CallbackTrigger } from './fixtures/CallbackTrigger.node';
import { sendJson, startLocalService } from './fixtures/local-service';
import type { LocalService } from './fixtures/local-service';
import { TagItems } from './fixtures/TagItems.node';
import { runWebhook, runWorkflow } from './index';

const API_KEY = 'pv_webhook_secret_456';

function trigger(parameters: INodeParameters = {}): INode {
	return {
		id: 'trigger',
		name: 'Callback Trigger',
		type: 'callbackTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		webhookId: 'b6f8a4c2-6e55-4d0c-9a43-1f2f0f6b2a10',
		credentials: { presenterVideoApi: { id: 'cred-1', name: 'Presenter Video' } },
	};
}

describe('runWebhook', () => {
	let service: LocalService;
	const video = Buffer.from('not really an mp4, but bytes all the same');

	beforeAll(async () => {
		service = await startLocalService((request, res) => {
			if (request.url !== '/video.mp4') {
				return sendJson(res, 200, { id: request.url.split('/').at(-1), status: 'completed' });
			}
			res.writeHead(200, { 'content-type': 'video/mp4' });
			res.end(video);
		});
	});

	afterAll(async () => await service.close());

	const deliver = (body: unknown, staticData: IDataObject = {}, parameters: INodeParameters = {}) =>
		runWebhook({
			nodeType: new CallbackTrigger(),
			node: trigger(parameters),
			credentials: [{ type: 'presenterVideoApi', id: 'cred-1', data: { apiKey: API_KEY, baseUrl: service.url } }],
			request: { headers: { 'x-delivery': '1' }, query: { secret: 's3' }, body },
			staticData,
		});

	it('gives the node body, headers and query, and answers as n8n does in onReceived mode', async () => {
		const result = await deliver({ id: 'job_1', status: 'completed' });

		expect(result.response).toMatchObject({ status: 200, body: { message: 'Workflow was started' } });
		expect(result.started).toBe(true);
		const { json } = result.workflowData![0][0];
		expect(json.body).toEqual({ id: 'job_1', status: 'completed' });
		expect(json.query).toEqual({ secret: 's3' });
		expect(json.headers).toMatchObject({ 'x-delivery': '1', 'content-type': 'application/json' });
	});

	it('keeps static data between deliveries, so a duplicate starts nothing', async () => {
		const staticData: IDataObject = {};

		const first = await deliver({ id: 'job_2' }, staticData);
		const second = await deliver({ id: 'job_2' }, staticData);
		const other = await deliver({ id: 'job_3' }, staticData);

		expect(first.started).toBe(true);
		expect(second.started).toBe(false);
		expect(second.response).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(other.started).toBe(true);
		expect(staticData).toEqual({ 'node:Callback Trigger': { ids: ['job_2', 'job_3'] } });
	});

	it('captures the status the node writes itself through getResponseObject()', async () => {
		const result = await deliver({ status: 'completed' });

		expect(result.response).toMatchObject({ status: 400, body: { error: 'id is required' } });
		expect(result.started).toBe(false);
	});

	it('answers 422 without calling the node when the JSON body does not parse, as n8n does', async () => {
		const malformed = await runWebhook({
			nodeType: new CallbackTrigger(),
			node: trigger(),
			request: { headers: { 'content-type': 'application/json' }, body: '{"id": ' },
		});

		expect(malformed.response).toMatchObject({ status: 422, body: { message: 'Failed to parse request body' } });
		expect(malformed.webhookResponseData).toBeUndefined();
	});

	it('answers 500 with n8n’s generic message when webhook() throws', async () => {
		const result = await deliver({ id: 'job_4' }, {}, { throw: true });

		expect(result.response).toMatchObject({
			status: 500,
			body: { message: 'Workflow Webhook Error: Workflow could not be started!' },
		});
		expect(result.error?.message).toBe('The trigger broke');
	});

	it('gives webhook() working credentials, authenticated requests and filesystem binary data', async () => {
		const result = await deliver(
			{ id: 'job_5', url: `${service.url}/video.mp4` },
			{},
			{ confirm: true, download: true },
		);

		const [item] = result.workflowData![0];
		expect(item.json.confirmed).toEqual({ id: 'job_5', status: 'completed' });
		expect(service.requests.find(({ url }) => url === '/jobs/job_5')?.headers.authorization).toBe(`Bearer ${API_KEY}`);
		expect(item.binary!.data.id).toMatch(/^filesystem-v2:/);

		// The rest of the workflow runs from what the trigger emitted.
		const run = await runWorkflow({
			nodes: [
				trigger(),
				{ id: 'tag', name: 'Tag', type: 'tagItems', typeVersion: 1, position: [0, 0], parameters: {} },
			],
			connections: { 'Callback Trigger': { main: [[{ node: 'Tag', type: 'main', index: 0 }]] } },
			nodeTypes: { callbackTrigger: new CallbackTrigger(), tagItems: new TagItems() },
			triggerOutput: result.workflowData,
			mode: 'webhook',
		});
		expect(run.status).toBe('success');
		const [tagged] = run.outputOf('Tag');
		expect(tagged.json.tags).toEqual(['tagged']);
		expect(sha256(await run.binaryBuffer(tagged))).toBe(sha256(video));
	});
});
