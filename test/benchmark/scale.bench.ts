/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Scale against the service's rate limit in one n8n process: N Create items in one execution,
 * time-scaled; the shapes, bounds and figures are described in scaledBatch.ts.
 *
 *   npm run bench:scale -- [items=10] [uniform|mixed]
 */

import { loadBuiltNode, runBenchmark } from './benchKit';
import {
	batchFigures,
	batchItems,
	batchMode,
	CREATE_ROW,
	requestedSeconds,
	startScaledSandbox,
	useScaledServiceTime,
	wallMsOf,
	warmUp,
} from './scaledBatch';

/** Rows of the batch run first, on a sandbox of its own, before the measured one. */
const WARM_UP_ROWS = 300;

/**
 * A batch before the measured one, on a sandbox of its own (another API root, so another request
 * budget). n8n-core, its HTTP helpers and binary data load their modules on first use, and V8
 * compiles the code that runs hot only after it has run a while: an n8n that has run for a while
 * has paid both, a fresh process pays them in its first batch. The measured batch is the steady
 * state; this one's CPU per item is printed too, as the first batch of a fresh process.
 */
async function warmUpBatch(mode: ReturnType<typeof batchMode>): Promise<number> {
	const sandbox = await startScaledSandbox();
	try {
		const cpuBefore = process.cpuUsage();
		await (await loadBuiltNode(sandbox))(CREATE_ROW, batchItems(requestedSeconds(WARM_UP_ROWS, mode)));
		const cpu = process.cpuUsage(cpuBefore);
		return (cpu.user + cpu.system) / 1000 / WARM_UP_ROWS;
	} finally {
		await sandbox.close();
	}
}

async function main(): Promise<void> {
	const itemCount = Number(process.argv[2] ?? 10);
	const mode = batchMode(process.argv[3]);
	const seconds = requestedSeconds(itemCount, mode);
	const schedule = await useScaledServiceTime();

	const sandbox = await startScaledSandbox();
	try {
		const runBuiltNode = await loadBuiltNode(sandbox);
		await warmUp(runBuiltNode);
		const firstBatchCpuMsPerItem = await warmUpBatch(mode);
		const began = Date.now();
		const cpuBefore = process.cpuUsage();
		const result = await runBuiltNode(CREATE_ROW, batchItems(seconds));
		const wallMs = wallMsOf(Date.now() - began);
		const cpu = process.cpuUsage(cpuBefore);
		if (sandbox.requests.some((request) => request.at < began)) throw new Error('The warm-up sent a request');
		const {
			items,
			mode: shape,
			videoSeconds,
			timeScale,
			...figures
		} = batchFigures({
			mode,
			seconds,
			outputs: result.output.map((item) => item.json),
			requests: sandbox.requests,
			wallMs,
			schedule,
		});
		// The process's CPU: the node, n8n-core and the sandbox, which runs in this process too.
		const cpuMs = (cpu.user + cpu.system) / 1000;
		const extra = {
			cpuMs: Math.round(cpuMs),
			cpuMsPerItem: Number((cpuMs / items).toFixed(2)),
			firstBatchCpuMsPerItem: { rows: WARM_UP_ROWS, cpuMsPerItem: Number(firstBatchCpuMsPerItem.toFixed(2)) },
			staticDataBytes: JSON.stringify(result.staticData).length,
		};
		console.log(
			JSON.stringify({ items, mode: shape, videoSeconds, timeScale, status: result.status, ...figures, ...extra }, null, 2),
		);
	} finally {
		await sandbox.close();
	}
}

runBenchmark(main);
