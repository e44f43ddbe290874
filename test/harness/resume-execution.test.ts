import type { IConnections, INode } from 'n8n-workflow';

import { sendJson, startLocalService } from './fixtures/local-service';
import { TagItems } from './fixtures/TagItems.node';
import { WaitForCallback } from './fixtures/WaitForCallback.node';
import { ResumeRefusedError, resumeExecution, runWorkflow, startWaitingWebhookServer } from './index';
import type { WaitingWebhookServer } from './index';

const nodes = (waitParameters = {}): INode[] => [
	{ id: '1', name: 'Wait', type: 'waitForCallback', typeVersion: 1, position: [0, 0], parameters: waitParameters },
	{ id: '2', name: 'After', type: 'tagItems', typeVersion: 1, position: [0, 0], parameters: { tag: 'after' } },
];
const connections: IConnections = { Wait: { main: [[{ node: 'After', type: 'main', index: 0 }]] } };
const nodeTypes = { waitForCallback: new WaitForCallback(), tagItems: new TagItems() };

describe('waiting and resuming', () => {
	let waiting: WaitingWebhookServer;

	beforeAll(async () => {
		waiting = await startWaitingWebhookServer();
	});

	afterAll(async () => await waiting.close());

	it('pauses with waitTill and an absolute resume URL on the test listener, then resumes through it', async () => {
		const paused = await runWorkflow({
			nodes: nodes(),
			connections,
			nodeTypes,
			inputItems: [{ json: { row: 1 } }],
			webhookWaitingBaseUrl: waiting.webhookWaitingBaseUrl,
		});

		expect(paused.status).toBe('waiting');
		expect(paused.waitTill?.getUTCFullYear()).toBe(3000);
		const resumeUrl = new URL(paused.resumeUrl);
		expect(`${resumeUrl.origin}${resumeUrl.pathname}`).toBe(`${waiting.webhookWaitingBaseUrl}/${paused.executionId}`);
		expect(resumeUrl.searchParams.get('signature')).toBe(paused.run.data.resumeToken);
		// The node saw the same URL through $execution.resumeUrl.
		expect(paused.outputOf('Wait')[0].json.resumeUrl).toBe(paused.resumeUrl);
		expect(() => paused.outputOf('After')).toThrow('did not run');

		const resumed = await resumeExecution(paused, { status: 'completed' });

		expect(resumed.resumeResponse).toMatchObject({ status: 200, body: { received: true } });
		expect(resumed.status).toBe('success');
		expect(resumed.executionId).toBe(paused.executionId);
		expect(resumed.outputOf('After')).toEqual([
			{
				json: { callback: { status: 'completed' }, query: { signature: paused.run.data.resumeToken }, tags: ['after'] },
				pairedItem: { item: 0 },
			},
		]);
		// The waiting node ran once, as in n8n's execution view.
		expect(resumed.run.data.resultData.runData.Wait).toHaveLength(1);
	});

	it('refuses a forged signature, a second resume and a path without a restart webhook', async () => {
		const paused = await runWorkflow({ nodes: nodes(), connections, nodeTypes });

		const forged = resumeExecution(paused, {}, { query: { signature: 'forged' } });
		await expect(forged).rejects.toBeInstanceOf(ResumeRefusedError);
		await expect(forged).rejects.toMatchObject({ response: { status: 401 } });
		await expect(resumeExecution(paused, {}, { suffix: 'other' })).rejects.toMatchObject({
			response: { status: 404 },
		});

		await resumeExecution(paused, { first: true });
		await expect(resumeExecution(paused, { second: true })).rejects.toMatchObject({
			response: { status: 409 },
		});
	});

	it('resumes when a service calls the resume URL it was given', async () => {
		const service = await startLocalService((request, res) => {
			sendJson(res, 202, {});
			const { resumeUrl } = JSON.parse(request.body) as { resumeUrl: string };
			void fetch(resumeUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ job: 'done' }),
			});
		});
		try {
			const paused = await runWorkflow({
				nodes: nodes({ notifyUrl: `${service.url}/jobs` }),
				connections,
				nodeTypes,
				webhookWaitingBaseUrl: waiting.webhookWaitingBaseUrl,
			});
			expect(paused.status).toBe('waiting');

			const resumed = await waiting.nextResume();

			expect(resumed.executionId).toBe(paused.executionId);
			expect(resumed.status).toBe('success');
			expect(resumed.outputOf('After')[0].json.callback).toEqual({ job: 'done' });
			expect(waiting.calls.at(-1)).toMatchObject({ method: 'POST', status: 200 });
		} finally {
			await service.close();
		}
	});

	it('resumes at waitTill like n8n’s wait tracker: the waiting node passes its input on', async () => {
		const paused = await runWorkflow({
			nodes: nodes({ waitMs: 60_000 }),
			connections,
			nodeTypes,
			inputItems: [{ json: { row: 7 } }],
		});
		expect(paused.waitTill!.getTime()).toBeGreaterThan(Date.now());

		const resumed = await resumeExecution(paused);

		expect(resumed.status).toBe('success');
		expect(resumed.outputOf('After')).toEqual([{ json: { row: 7, tags: ['after'] }, pairedItem: { item: 0 } }]);
	});
});
