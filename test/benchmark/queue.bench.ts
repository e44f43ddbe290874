/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Scale in queue mode: N Create items split over executions that run on WORKERS n8n workers, each
 * a process of its own (so each with its own request budget), against ONE sandbox: one workspace
 * and its one limit. Time-scaled as bench:scale; the shapes, bounds and figures are described in
 * scaledBatch.ts.
 *
 *   npm run bench:queue -- [items=10] [workers=2] [uniform|mixed] [poll|pause] [executionsPerWorker=2]
 *
 * The rows are cut into WORKERS x executionsPerWorker executions of consecutive rows (never more
 * than one a row), handed to the workers in turn, as Bull spreads jobs over idle workers; a
 * worker runs at most 10 at once. `poll` runs Create (generate, export, download, polling);
 * `pause` runs Generate paused until the service calls back, against the sandbox answering as the
 * service's code does (callbacks only for completed generations, before the status says so). The
 * last line is `ratio R`: wall time over the physical limit.
 */

import { join } from 'path';

import { ChildProcessLink } from '../harness/child-process';
import { runBenchmark } from './benchKit';
import type { FromWorker, ToWorker } from './queueWorker';
import {
	batchFigures,
	batchItems,
	batchMode,
	batchWait,
	countBy,
	requestedSeconds,
	startScaledSandbox,
	useScaledServiceTime,
	wallMsOf,
} from './scaledBatch';

/** Rows [from, to) of each execution: `count` runs of consecutive rows, as even as can be. */
function executionRows(itemCount: number, count: number): Array<[number, number]> {
	return Array.from({ length: count }, (_, index) => [
		Math.floor((index * itemCount) / count),
		Math.floor(((index + 1) * itemCount) / count),
	]);
}

const isReady = (message: FromWorker): message is Extract<FromWorker, { type: 'ready' }> => message.type === 'ready';
const isDone =
	(execution: number) =>
	(message: FromWorker): message is Extract<FromWorker, { type: 'done' }> =>
		message.type === 'done' && message.execution === execution;

async function main(): Promise<void> {
	const itemCount = Number(process.argv[2] ?? 10);
	const workerCount = Number(process.argv[3] ?? 2);
	const mode = batchMode(process.argv[4]);
	const wait = batchWait(process.argv[5]);
	const executionsPerWorker = Number(process.argv[6] ?? 2);
	if (!(itemCount >= 1 && workerCount >= 1 && executionsPerWorker >= 1))
		throw new Error('Usage: bench:queue -- items workers [uniform|mixed] [poll|pause] [executionsPerWorker]');
	const seconds = requestedSeconds(itemCount, mode);
	const items = batchItems(seconds).map((item) => item.json);
	const schedule = await useScaledServiceTime();

	const sandbox = await startScaledSandbox(wait === 'pause' ? 'code' : 'contract');
	const workers = Array.from(
		{ length: workerCount },
		(_, index) => new ChildProcessLink<ToWorker, FromWorker>(join(__dirname, 'queueWorker.ts'), `Worker ${index + 1}`),
	);
	try {
		await Promise.all(
			workers.map(async (worker) => {
				const ready = worker.next(isReady);
				worker.send({ type: 'service', service: { baseUrl: sandbox.baseUrl, keys: sandbox.keys } });
				await ready;
			}),
		);
		const rows = executionRows(itemCount, Math.min(itemCount, workerCount * executionsPerWorker));
		const began = Date.now();
		const finished = await Promise.all(
			rows.map(async ([from, to], execution) => {
				const worker = workers[execution % workerCount];
				const done = worker.next(isDone(execution));
				worker.send({ type: 'run', execution, items: items.slice(from, to), wait });
				return await done;
			}),
		);
		const wallMs = wallMsOf(Date.now() - began);
		if (sandbox.requests.some((request) => request.at < began)) throw new Error('A warm-up sent a request');
		const errors = finished.flatMap(({ error }) => (error ? [error] : []));
		const {
			items: itemTotal,
			mode: shape,
			videoSeconds,
			timeScale,
			...figures
		} = batchFigures({
			mode,
			wait,
			seconds,
			outputs: finished.flatMap(({ outputs }) => outputs),
			errorTexts: errors.map(({ message, description }) => `${message}\n${description ?? ''}`),
			requests: sandbox.requests,
			wallMs,
			schedule,
		});
		console.log(
			JSON.stringify(
				{
					items: itemTotal,
					workers: workerCount,
					executions: rows.length,
					mode: shape,
					videoSeconds,
					timeScale,
					executionStatuses: countBy(finished.map(({ status }) => status)),
					...(errors.length > 0 ? { errors: [...new Set(errors.map(({ message }) => message))] } : {}),
					...figures,
				},
				null,
				2,
			),
		);
		console.log(`ratio ${figures.ratio}`);
	} finally {
		await Promise.all(workers.map(async (worker) => await worker.stop()));
		await sandbox.close();
	}
}

runBenchmark(main);
