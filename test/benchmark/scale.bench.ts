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

/**
 * A whole Create of one item on a sandbox of its own (another API root, so another request
 * budget): n8n-core, its HTTP helpers and binary data load their modules on first use, a cost of
 * the process that the batch's CPU per item leaves out.
 */
async function warmUpWholeItem(): Promise<void> {
	const sandbox = await startScaledSandbox();
	try {
		await (await loadBuiltNode(sandbox))(CREATE_ROW, batchItems([10]));
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
		await warmUpWholeItem();
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
