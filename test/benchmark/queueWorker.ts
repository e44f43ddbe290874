/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * One n8n worker of bench:queue, in a process of its own (so with a request budget of its own):
 * it loads n8n-core and the built node, and runs the executions the queue hands it, at most
 * WORKER_CONCURRENCY at once, as `n8n worker --concurrency=10` does. A paused execution holds no
 * slot: the service calls this process's resume URL, which checks the job with the service
 * through the same budget (as a webhook processor of its own would) and runs the execution on.
 */

import type { IDataObject } from 'n8n-workflow';

import type { WaitingWebhookServer, WorkflowRunResult } from '../harness';
import type { Sandbox } from '../sandbox';
import { loadBuiltNode, runBenchmark, type BuiltNodeRun } from './benchKit';
import { CREATE_ROW, PAUSED_ROW, useScaledServiceTime, warmUp, type BatchWait } from './scaledBatch';

/** n8n's default for `n8n worker --concurrency`. */
export const WORKER_CONCURRENCY = 10;

export type ToWorker =
	| { type: 'service'; service: Pick<Sandbox, 'baseUrl' | 'keys'> }
	| { type: 'run'; execution: number; items: IDataObject[]; wait: BatchWait };

export type FromWorker =
	| { type: 'ready' }
	| {
			type: 'done';
			execution: number;
			status: string;
			outputs: IDataObject[];
			error?: { message: string; description?: string };
	  };

function send(message: FromWorker): void {
	process.send?.(message);
}

type Slots = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs tasks in order of arrival, at most `most` at once. */
function slots(most: number): Slots {
	const waiting: Array<() => Promise<void>> = [];
	let running = 0;
	const next = () => {
		while (running < most && waiting.length > 0) {
			const task = waiting.shift() as () => Promise<void>;
			running += 1;
			void task().finally(() => {
				running -= 1;
				next();
			});
		}
	};
	return async <T>(task: () => Promise<T>) =>
		await new Promise<T>((resolve, reject) => {
			waiting.push(async () => await task().then(resolve, reject));
			next();
		});
}

/** The resumed runs of paused executions, by execution id, whichever comes first: the run or its pause. */
function resumes(waiting: WaitingWebhookServer): (executionId: string) => Promise<WorkflowRunResult> {
	const arrived = new Map<string, WorkflowRunResult>();
	const awaited = new Map<string, (run: WorkflowRunResult) => void>();
	const settle = (run: WorkflowRunResult) => {
		const resolve = awaited.get(run.executionId);
		if (!resolve) arrived.set(run.executionId, run);
		else {
			awaited.delete(run.executionId);
			resolve(run);
		}
	};
	void (async () => {
		for (;;) settle(await waiting.nextResume());
	})();
	return async (executionId) => {
		const run = arrived.get(executionId);
		if (run) {
			arrived.delete(executionId);
			return run;
		}
		return await new Promise((resolve) => awaited.set(executionId, resolve));
	};
}

interface Worker {
	runBuiltNode: BuiltNodeRun;
	inSlot: Slots;
	waiting: WaitingWebhookServer;
	resumed: (executionId: string) => Promise<WorkflowRunResult>;
}

/** Runs an execution to its end: a paused one leaves its slot, and ends when its last resume has run. */
async function runToEnd(worker: Worker, items: IDataObject[], wait: BatchWait): Promise<WorkflowRunResult> {
	const inputItems = items.map((json) => ({ json }));
	if (wait === 'poll') return await worker.inSlot(async () => await worker.runBuiltNode(CREATE_ROW, inputItems));
	let run: WorkflowRunResult = await worker.inSlot(
		async () => await worker.runBuiltNode(PAUSED_ROW, inputItems, worker.waiting),
	);
	while (run.status === 'waiting') run = await worker.resumed(run.executionId);
	return run;
}

async function runExecution(
	worker: Worker,
	{ execution, items, wait }: Extract<ToWorker, { type: 'run' }>,
): Promise<void> {
	try {
		const result = await runToEnd(worker, items, wait);
		const error = result.error ?? result.errorOf('Presenter Video');
		send({
			type: 'done',
			execution,
			status: result.status,
			outputs: result.status === 'success' ? result.outputOf('Presenter Video').map((item) => item.json) : [],
			error: error && { message: error.message, description: error.description ?? undefined },
		});
	} catch (error) {
		send({ type: 'done', execution, status: 'crashed', outputs: [], error: { message: String(error) } });
	}
}

async function main(): Promise<void> {
	await useScaledServiceTime();
	const service = await new Promise<Pick<Sandbox, 'baseUrl' | 'keys'>>((resolve) => {
		process.once('message', (message: ToWorker) => {
			if (message.type === 'service') resolve(message.service);
		});
	});
	const runBuiltNode = await loadBuiltNode(service);
	await warmUp(runBuiltNode);
	const { startWaitingWebhookServer } = await import('../harness');
	const waiting = await startWaitingWebhookServer();
	const worker: Worker = { runBuiltNode, inSlot: slots(WORKER_CONCURRENCY), waiting, resumed: resumes(waiting) };
	process.on('message', (message: ToWorker) => {
		if (message.type === 'run') void runExecution(worker, message);
	});
	send({ type: 'ready' });
}

runBenchmark(main);
