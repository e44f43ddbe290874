/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * One n8n worker of bench:queue, in a process of its own (so with a request budget of its own):
 * it loads n8n-core and the built node, and runs the executions the queue hands it, at most
 * WORKER_CONCURRENCY at once, as `n8n worker --concurrency=10` does.
 */

import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../sandbox';
import { loadBuiltNode, runBenchmark, type BuiltNodeRun } from './benchKit';
import { CREATE_ROW, useScaledServiceTime, warmUp } from './scaledBatch';

/** n8n's default for `n8n worker --concurrency`. */
export const WORKER_CONCURRENCY = 10;

export type ToWorker =
	| { type: 'service'; service: Pick<Sandbox, 'baseUrl' | 'keys'> }
	| { type: 'run'; execution: number; items: IDataObject[] };

export type FromWorker =
	| { type: 'ready' }
	| { type: 'done'; execution: number; status: string; outputs: IDataObject[]; error?: { message: string; description?: string } };

function send(message: FromWorker): void {
	process.send?.(message);
}

/** Runs tasks in order of arrival, at most `most` at once. */
function slots(most: number): (task: () => Promise<void>) => void {
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
	return (task) => {
		waiting.push(task);
		next();
	};
}

async function runExecution(runBuiltNode: BuiltNodeRun, execution: number, items: IDataObject[]): Promise<void> {
	try {
		const result = await runBuiltNode(
			CREATE_ROW,
			items.map((json) => ({ json })),
		);
		send({
			type: 'done',
			execution,
			status: result.status,
			outputs: result.output.map((item) => item.json),
			error: result.error && { message: result.error.message, description: result.error.description ?? undefined },
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
	const schedule = slots(WORKER_CONCURRENCY);
	process.on('message', (message: ToWorker) => {
		if (message.type === 'run') schedule(async () => await runExecution(runBuiltNode, message.execution, message.items));
	});
	send({ type: 'ready' });
}

runBenchmark(main);
