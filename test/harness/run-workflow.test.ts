/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test and tooling code runs in Node, not inside n8n */
import type { INode } from 'n8n-workflow';

import { AuthenticatedRequest } from './fixtures/AuthenticatedRequest.node';
import { FailOnFlag } from './fixtures/FailOnFlag.node';
import { sendJson, startLocalService } from './fixtures/local-service';
import type { LocalService } from './fixtures/local-service';
import { TagItems } from './fixtures/TagItems.node';
import { captureLogs, HARNESS_START_NODE_NAME, runNode, runWorkflow } from './index';

const API_KEY = 'pv_test_secret_key_123';

function node(name: string, type: string, parameters = {}, extra: Partial<INode> = {}): INode {
	return { id: name, name, type, typeVersion: 1, position: [0, 0], parameters, ...extra };
}

describe('runWorkflow', () => {
	let service: LocalService;

	beforeAll(async () => {
		service = await startLocalService((_request, res) => sendJson(res, 200, { voices: ['anna'] }));
	});

	afterAll(async () => await service.close());

	it('sends the real credential as a Bearer header through httpRequestWithAuthentication', async () => {
		const result = await runNode({
			nodeType: new AuthenticatedRequest(),
			parameters: { path: '/api/public/v1/resources/voices' },
			credentials: [{ type: 'presenterVideoApi', data: { apiKey: API_KEY, baseUrl: service.url } }],
		});

		expect(result.status).toBe('success');
		expect(result.output).toEqual([{ json: { response: { voices: ['anna'] } }, pairedItem: { item: 0 } }]);
		const request = service.requests.at(-1)!;
		expect(request.url).toBe('/api/public/v1/resources/voices');
		expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
	});

	it('passes items and pairedItem along a chain of nodes', async () => {
		const result = await runWorkflow({
			nodes: [node('First', 'tagItems', { tag: 'one' }), node('Second', 'tagItems', { tag: 'two' })],
			connections: { First: { main: [[{ node: 'Second', type: 'main', index: 0 }]] } },
			nodeTypes: { tagItems: new TagItems() },
			inputItems: [{ json: { row: 1 } }, { json: { row: 2 } }],
		});

		expect(result.status).toBe('success');
		expect(result.executedNodes).toEqual([HARNESS_START_NODE_NAME, 'First', 'Second']);
		expect(result.outputOf('Second')).toEqual([
			{ json: { row: 1, tags: ['one', 'two'] }, pairedItem: { item: 0 } },
			{ json: { row: 2, tags: ['one', 'two'] }, pairedItem: { item: 1 } },
		]);
	});

	it('fails the execution on a node error when continueOnFail is off', async () => {
		const result = await runNode({
			nodeType: new FailOnFlag(),
			inputItems: [{ json: { fail: false } }, { json: { fail: true } }],
		});

		expect(result.status).toBe('error');
		expect(result.error?.message).toBe('Item 1 asked to fail');
		expect(result.errorOf('Fail On Flag')?.message).toBe('Item 1 asked to fail');
		expect(result.output).toEqual([]);
	});

	it('keeps going with an error item when continueOnFail is on', async () => {
		const result = await runNode({
			nodeType: new FailOnFlag(),
			nodeSettings: { continueOnFail: true },
			inputItems: [{ json: { fail: false } }, { json: { fail: true } }],
		});

		expect(result.status).toBe('success');
		expect(result.error).toBeUndefined();
		expect(result.output).toEqual([
			{ json: { fail: false, passed: true }, pairedItem: { item: 0 } },
			{ json: { error: 'Item 1 asked to fail' }, pairedItem: { item: 1 } },
		]);
	});

	it('captures n8n and node log lines, so a test can check a secret never appears', async () => {
		const logs = captureLogs();
		await runNode({
			nodeType: new AuthenticatedRequest(),
			credentials: [{ type: 'presenterVideoApi', data: { apiKey: API_KEY, baseUrl: service.url } }],
		});
		logs.stop();

		expect(logs.lines).toContainEqual({ level: 'info', message: `Requesting ${service.url}`, metadata: undefined });
		expect(
			logs.lines.some(({ level, message }) => level === 'debug' && message.includes('finished successfully')),
		).toBe(true);
		expect(logs.text()).not.toContain(API_KEY);
	});

	it('rejects a credential the node references but the test did not provide', async () => {
		const result = await runNode({
			nodeType: new AuthenticatedRequest(),
			credentials: [{ type: 'presenterVideoApi', id: 'other', data: {} }],
			nodeSettings: { credentials: { presenterVideoApi: { id: 'missing', name: 'Missing' } } },
		});

		expect(result.status).toBe('error');
		expect(result.error?.message).toContain('Credential with ID "missing" does not exist');
	});
});
