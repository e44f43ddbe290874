/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { once } from 'events';

import type { INode } from 'n8n-workflow';

import { AuthenticatedRequest } from './fixtures/AuthenticatedRequest.node';
import { CancellableWait, cancellableWaitEvents } from './fixtures/CancellableWait.node';
import { startLocalService } from './fixtures/local-service';
import { TagItems } from './fixtures/TagItems.node';
import { runNode, runWorkflow, startWorkflow } from './index';

const workflow = {
	nodes: [
		{ id: '1', name: 'Wait', type: 'cancellableWait', typeVersion: 1, position: [0, 0], parameters: {} },
		{ id: '2', name: 'After', type: 'tagItems', typeVersion: 1, position: [0, 0], parameters: {} },
	] satisfies INode[],
	connections: { Wait: { main: [[{ node: 'After', type: 'main' as const, index: 0 }]] } },
	nodeTypes: { cancellableWait: new CancellableWait(), tagItems: new TagItems() },
};

describe('cancelling an execution', () => {
	it('aborts the cancel signal of the running node when cancel() is called', async () => {
		const waiting = once(cancellableWaitEvents, 'waiting');
		const running = await startWorkflow(workflow);
		await waiting;

		running.cancel();
		const result = await running.result;

		expect(result.status).toBe('canceled');
		expect(result.errorOf('Wait')?.message).toBe('Stopped waiting: the execution was cancelled');
		expect(result.executedNodes).not.toContain('After');
	});

	it('cancels through an AbortSignal', async () => {
		const controller = new AbortController();
		void once(cancellableWaitEvents, 'waiting').then(() => controller.abort());

		const result = await runWorkflow({ ...workflow, abortSignal: controller.signal });

		expect(result.status).toBe('canceled');
		expect(result.timedOut).toBe(false);
	});

	it('cancels when timeoutMs elapses', async () => {
		const result = await runWorkflow({ ...workflow, timeoutMs: 50 });

		expect(result.status).toBe('canceled');
		expect(result.timedOut).toBe(true);
	});

	it('aborts an in-flight httpRequestWithAuthentication, which carries the cancel signal', async () => {
		let requestArrived: () => void = () => {};
		const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
		// Never answers: only the cancel can end the request.
		const service = await startLocalService(() => requestArrived());
		try {
			const controller = new AbortController();
			void arrived.then(() => controller.abort());

			const result = await runNode({
				nodeType: new AuthenticatedRequest(),
				credentials: [{ type: 'presenterVideoApi', data: { apiKey: 'k', baseUrl: service.url } }],
				abortSignal: controller.signal,
			});

			expect(result.status).toBe('canceled');
			expect(service.requests).toHaveLength(1);
		} finally {
			await service.close();
		}
	});
});
