import type { IDataObject } from 'n8n-workflow';

import { type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	deliveriesSettled,
	DeliveryRelay,
	finishedJob,
	freshProcessNodeType,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
	waitFor,
} from './triggerTestKit';

const NODE_DATA_KEY = 'node:Presenter Video Trigger';

function ledgerKeys(trigger: TriggerUnderTest): string[] {
	const nodeData = trigger.staticData[NODE_DATA_KEY] as IDataObject | undefined;
	return Object.keys(((nodeData?.deliveries as IDataObject | undefined)?.entries as IDataObject | undefined) ?? {});
}

describe('Presenter Video Trigger: repeated deliveries', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({
			timings: { generationMs: 200, exportMs: 200 },
			webhookRetryDelaysMs: [50, 100, 200],
			duplicateDeliveries: 3,
		});
	});

	afterAll(async () => {
		await sandbox.close();
	});

	it.each([
		['without confirmation', {}],
		['with Confirm With API', { confirmWithApi: true }],
	])('starts one execution for an event delivered 4 times (%s)', async (_label, options) => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options }), sandbox);
		const relay = await DeliveryRelay.start(trigger);
		try {
			const jobId = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl() });
			await deliveriesSettled(sandbox, [jobId], 4);

			const attempts = sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);
			expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200, 200, 200]);
			expect(trigger.runs.map((run) => (run.response.body as IDataObject).outcome)).toEqual([
				'started',
				'duplicate',
				'duplicate',
				'duplicate',
			]);
			expect(trigger.started).toHaveLength(1);
			expect(ledgerKeys(trigger)).toEqual([`generation|${jobId}|completed`]);
		} finally {
			await relay.close();
		}
	});

	it('drops a repeat after a restart of n8n, from the ledger in static data alone', async () => {
		const jobId = await startGeneration(sandbox);
		const status = await finishedJob(sandbox, 'generation', jobId);
		const body = { job_id: jobId, status: 'completed', result: status.result, task: 'video_generate' };

		const before = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }), sandbox);
		expect((await before.deliver({ body })).started).toBe(true);

		// Same workflow, same saved static data, new process: the per-process memory is empty.
		const afterRestart = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }), sandbox, freshProcessNodeType());
		Object.assign(afterRestart.staticData, JSON.parse(JSON.stringify(before.staticData)));
		const repeat = await afterRestart.deliver({ body });
		expect(repeat.started).toBe(false);
		expect(repeat.response).toMatchObject({ status: 200, body: { received: true, outcome: 'duplicate' } });

		// Without that ledger the same delivery would start again: the ledger is what stopped it.
		const withoutLedger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }), sandbox, freshProcessNodeType());
		expect((await withoutLedger.deliver({ body })).started).toBe(true);
	});

	it('lets the same job start again for a different final status', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }), sandbox);
		const failed = await trigger.deliver({
			body: { job_id: 'run_status_change', status: 'failed', error: { code: 'X', message: 'y' } },
		});
		const completed = await trigger.deliver({
			body: { job_id: 'run_status_change', status: 'completed', result: { video_id: 'vid_1' } },
		});
		expect([failed.started, completed.started]).toEqual([true, true]);
	});

	it('an export event for a job id already delivered as a generation is not taken for a repeat', async () => {
		// The service's code gives both kinds run_ ids: the kind is part of what an event is.
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }), sandbox);
		const generated = await trigger.deliver({
			body: { job_id: 'run_shared1', status: 'completed', task: 'video_generate', result: { video_id: 'vid_1' } },
		});
		const exported = await trigger.deliver({
			body: {
				job_id: 'run_shared1',
				status: 'completed',
				task: 'video_export',
				result: { video_url: `${sandbox.storageUrl}/videos/a.mp4` },
			},
		});
		expect([generated.started, exported.started]).toEqual([true, true]);
		expect(trigger.started.map((run) => run.workflowData?.[0]?.[0]?.json.event)).toEqual([
			'generation.completed',
			'export.completed',
		]);
	});

	it('refuses a delivery whose task contradicts its result, and starts nothing', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }), sandbox);
		const forged = await trigger.deliver({
			body: { job_id: 'run_forged2', status: 'completed', task: 'video_export', result: { video_id: 'vid_1' } },
		});
		expect(forged.started).toBe(false);
		expect(forged.response.status).toBe(400);
	});

	it('starts once when two copies arrive at the same moment', async () => {
		const jobId = await startGeneration(sandbox);
		const status = await finishedJob(sandbox, 'generation', jobId);
		const body = { job_id: jobId, status: 'completed', result: status.result, task: 'video_generate' };
		// Confirmation keeps the first copy busy on the status call while the second arrives.
		const trigger = new TriggerUnderTest(
			triggerNode({ events: ALL_EVENTS, options: { confirmWithApi: true } }),
			sandbox,
		);

		const [first, second] = await Promise.all([trigger.deliver({ body }), trigger.deliver({ body })]);
		const outcomes = [first, second].map(
			(run) =>
				`${run.response.status} ${(run.response.body as IDataObject).outcome ?? (run.response.body as IDataObject).error}`,
		);

		expect(trigger.started).toHaveLength(1);
		// The copy that lost the race gets 409 (the service sends it again later) or, if the
		// first had already finished, 200 duplicate.
		expect(outcomes).toContain('200 started');
		expect(outcomes.filter((outcome) => outcome !== '200 started')[0]).toMatch(
			/^(409 This event is being processed|200 duplicate)/,
		);
		const retry = await trigger.deliver({ body });
		expect(retry.response.body).toEqual({ received: true, outcome: 'duplicate' });
	});
});

describe('Presenter Video Trigger: a refused delivery is retried by the service', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({
			timings: { generationMs: 200, exportMs: 200 },
			webhookRetryDelaysMs: [50, 100, 200],
			// The first status read fails: the trigger cannot confirm the first delivery.
			faults: [{ path: 'generation/status', method: 'GET', kind: '503', times: 1 }],
		});
	});

	afterAll(async () => {
		await sandbox.close();
	});

	it('answers 503 when it cannot confirm, records nothing, and starts once on the retry', async () => {
		const trigger = new TriggerUnderTest(
			triggerNode({ events: ALL_EVENTS, options: { confirmWithApi: true } }),
			sandbox,
		);
		const relay = await DeliveryRelay.start(trigger);
		try {
			const jobId = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl() });
			await waitFor(() => (trigger.started.length === 1 ? true : undefined));
			await deliveriesSettled(sandbox, [jobId], 2);

			const attempts = sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);
			expect(attempts.map((attempt) => attempt.status)).toEqual([503, 200]);
			expect(trigger.runs[0].response.body).toEqual({ error: 'The event could not be confirmed; try again later' });
			expect(trigger.startedItems[0]).toMatchObject({ jobId, confirmed: true });
		} finally {
			await relay.close();
		}
	});
});
