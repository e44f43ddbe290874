import { type INode, sleep } from 'n8n-workflow';

import { BudgetDeadlineError } from '../../../../nodes/PresenterVideo/schedule/budget';
import { ReadScheduler } from '../../../../nodes/PresenterVideo/schedule/readScheduler';
import type { ItemTools, StartedJob } from '../../../../nodes/PresenterVideo/jobs/types';
import type { ApiClient, CallOptions } from '../../../../nodes/PresenterVideo/transport/client';
import { waitUntilSettled } from '../../../../nodes/PresenterVideo/wait/poll';

/**
 * Tools whose client answers status reads from `statuses` in turn and records how each was queued.
 * Like the request budget's queue, it gives up on a read not due before its deadline.
 */
function toolsAnswering(statuses: string[]): { tools: ItemTools; queued: Array<CallOptions & { dueAt?: number }> } {
	const queued: Array<CallOptions & { dueAt?: number }> = [];
	const client = {
		get: async (_endpoint: string, options: CallOptions = {}) => {
			queued.push({ ...options, dueAt: options.notBefore?.at() });
			const { notBefore, deadline } = options;
			if (notBefore && deadline !== undefined && notBefore.at() >= deadline) {
				await sleep(Math.max(deadline - Date.now(), 0));
				throw new BudgetDeadlineError();
			}
			return { job_id: 'run_1', status: statuses.shift() ?? 'completed' };
		},
	} as unknown as ApiClient;
	const tools = {
		node: { name: 'Presenter Video' } as INode,
		client,
		signal: new AbortController().signal,
		reads: new ReadScheduler(() => ({ limit: 100, windowMs: 60_000 })),
		start: async <T>(task: () => Promise<T>) => await task(),
		registerJob: () => {},
		registerUnansweredStart: () => {},
	} as ItemTools;
	return { tools, queued };
}

const generation = (sizeSeconds: number): StartedJob => ({
	kind: 'generation',
	jobId: 'run_1',
	itemIndex: 0,
	startedAt: Date.now(),
	sizeSeconds,
});

describe('waiting for a job', () => {
	it('queues the reads of a job another start follows ahead of other reads, longer videos first', async () => {
		const { tools, queued } = toolsAnswering(['processing']);
		const settled = await waitUntilSettled(tools, generation(90), {
			maxWaitMs: 60_000,
			fixedIntervalMs: 1,
			beforeStart: true,
		});
		expect(settled.job.status).toBe('completed');
		expect(queued).toHaveLength(2);
		for (const options of queued) expect(options).toMatchObject({ beforeStart: true, order: -90 });
	});

	it('queues other reads until they are due, and by when they are due', async () => {
		const { tools, queued } = toolsAnswering([]);
		const job = generation(90);
		await waitUntilSettled(tools, job, { maxWaitMs: 60_000, fixedIntervalMs: 1 });
		expect(queued[0].beforeStart).toBeFalsy();
		// No order of its own: the queue orders it by the moment it became due.
		expect(queued[0].order).toBeUndefined();
		expect(queued[0].dueAt).toBe(job.startedAt + 1);
	});

	it('reads the job once more at Max Wait, so a timed-out item carries its latest status', async () => {
		const { tools, queued } = toolsAnswering(['processing']);
		const job: StartedJob = { ...generation(30), lastKnown: { job_id: 'run_1', status: 'pending' } };
		const settled = await waitUntilSettled(tools, job, { maxWaitMs: 0, maxWaitGiven: true, fixedIntervalMs: 600_000 });
		expect(queued).toHaveLength(1);
		expect(settled).toMatchObject({ timedOut: true, job: { status: 'processing' } });
	});

	it('comes out settled, not timed out, when the read at Max Wait finds the job ended', async () => {
		const { tools } = toolsAnswering(['completed']);
		const job: StartedJob = { ...generation(30), lastKnown: { job_id: 'run_1', status: 'processing' } };
		const settled = await waitUntilSettled(tools, job, { maxWaitMs: 0, maxWaitGiven: true, fixedIntervalMs: 600_000 });
		expect(settled).toMatchObject({ timedOut: false, job: { status: 'completed' } });
	});

	it('keeps the last known status when the read at Max Wait fails', async () => {
		const { tools } = toolsAnswering([]);
		tools.client.get = async () => await Promise.reject(new Error('503'));
		const job: StartedJob = { ...generation(30), lastKnown: { job_id: 'run_1', status: 'processing' } };
		const settled = await waitUntilSettled(tools, job, { maxWaitMs: 0, maxWaitGiven: true, fixedIntervalMs: 600_000 });
		expect(settled).toMatchObject({ timedOut: true, job: { status: 'processing' } });
	});

	it('lets the read at a Max Wait a person set wait 5 s for the budget, and the read at a default one its turn', async () => {
		for (const maxWaitGiven of [true, false]) {
			const { tools, queued } = toolsAnswering(['processing', 'processing']);
			// A default Max Wait grows by the batch's calls at the limit: a high one keeps it short here.
			tools.reads = new ReadScheduler(() => ({ limit: 1_000_000, windowMs: 60_000 }));
			const job: StartedJob = { ...generation(30), lastKnown: { job_id: 'run_1', status: 'pending' } };
			const before = Date.now();
			const settled = await waitUntilSettled(tools, job, { maxWaitMs: 0, maxWaitGiven, fixedIntervalMs: 600_000 });
			expect(settled.timedOut).toBe(true);
			const { deadline } = queued[queued.length - 1];
			if (maxWaitGiven) {
				expect(deadline).toBeGreaterThanOrEqual(before + 5_000);
				expect(deadline).toBeLessThanOrEqual(Date.now() + 5_000);
			} else {
				expect(deadline).toBeUndefined();
			}
		}
	});
});
