import type { IDataObject, INode } from 'n8n-workflow';

import { runWorkflow } from '../../../../harness';
import { sendJson, startLocalService, type LocalService } from '../../../../harness/fixtures/local-service';
import { LedgerStart } from './fixtures/LedgerStart.node';

/** A service whose first status call fails, after the start was billed. */
async function startService(): Promise<LocalService> {
	let jobs = 0;
	let statusCalls = 0;
	return await startLocalService((request, res) => {
		if (request.method === 'POST') return sendJson(res, 200, { job_id: `job_${++jobs}` });
		statusCalls++;
		if (statusCalls === 1) return sendJson(res, 500, { error: 'try again' });
		sendJson(res, 200, { status: 'processing' });
	});
}

function startNode(serviceUrl: string, idempotencyKey: string, retryOnFail: boolean): INode {
	return {
		id: 'ledger-start',
		name: 'Ledger Start',
		type: 'ledgerStart',
		typeVersion: 1,
		position: [0, 0],
		parameters: { serviceUrl, idempotencyKey },
		retryOnFail,
		maxTries: 2,
		waitBetweenTries: 0,
	};
}

async function run(node: INode, staticData: IDataObject, rows: number[]) {
	return await runWorkflow({
		nodes: [node],
		connections: {},
		nodeTypes: { ledgerStart: new LedgerStart() },
		inputItems: rows.map((row) => ({ json: { row } })),
		mode: 'trigger',
		workflowId: 'wf-ledger',
		staticData,
	});
}

describe('start ledger in an n8n workflow', () => {
	let service: LocalService;
	beforeEach(async () => (service = await startService()));
	afterEach(async () => await service.close());

	const starts = () => service.requests.filter((request) => request.method === 'POST').length;

	it('Retry On Fail after a failure that followed a billed start sends exactly 1 start', async () => {
		const result = await run(startNode(service.url, '', true), {}, [1]);

		expect(result.status).toBe('success');
		expect(starts()).toBe(1);
		expect(result.outputOf('Ledger Start').map((item) => item.json)).toEqual([
			{ jobId: 'job_1', status: 'processing', reusedBy: 'retry' },
		]);
	});

	it('leaves no retry entries in the saved static data once the node has returned', async () => {
		const staticData: IDataObject = {};
		await run(startNode(service.url, '', true), staticData, [1, 2]);
		expect(starts()).toBe(2);
		expect(staticData['node:Ledger Start']).toEqual({ startLedger: {} });
	});

	it('without a key, a new execution of the same item starts a new job: retry entries end with their execution', async () => {
		const result = await run(startNode(service.url, '', false), {}, [1]);
		expect(result.status).toBe('error');
		expect(starts()).toBe(1);
		const rerun = await run(startNode(service.url, '', false), {}, [1]);
		expect(rerun.status).toBe('success');
		expect(starts()).toBe(2);
	});

	it('an Idempotency Key reused in a second execution sends no new start and outputs the original job', async () => {
		const staticData: IDataObject = {};
		const key = '={{ "row-" + $json.row }}';
		const first = await run(startNode(service.url, key, true), staticData, [1, 2]);
		expect(first.status).toBe('success');
		expect(starts()).toBe(2);

		const second = await run(startNode(service.url, key, false), staticData, [2, 1, 3]);
		expect(second.status).toBe('success');
		expect(starts()).toBe(3);
		expect(second.outputOf('Ledger Start').map((item) => item.json)).toEqual([
			{ jobId: 'job_2', status: 'processing', reusedBy: 'idempotencyKey' },
			{ jobId: 'job_1', status: 'processing', reusedBy: 'idempotencyKey' },
			{ jobId: 'job_3', status: 'processing', reusedBy: null },
		]);
	});
});
