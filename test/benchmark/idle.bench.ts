/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * What a process spends while it only waits: one Create item for a 120-second video, time-scaled
 * as bench:scale is, with the process's CPU sampled every tenth of a wall second. The samples in
 * which no request reached the sandbox show the cost of waiting itself (timers, wake-ups), apart from
 * the cost of a read.
 *
 *   npm run bench:idle -- [videoSeconds=120]
 */

import { loadBuiltNode, runBenchmark } from './benchKit';
import { batchItems, CREATE_ROW, SCALE, startScaledSandbox, useScaledServiceTime, warmUp } from './scaledBatch';

/** A tenth of a wall second, on the service's clock the process runs on: reads come a few times a wall second. */
const SAMPLE_MS = 100 / SCALE;

async function main(): Promise<void> {
	const videoSeconds = Number(process.argv[2] ?? 120);
	await useScaledServiceTime();
	const sandbox = await startScaledSandbox();
	try {
		const runBuiltNode = await loadBuiltNode(sandbox);
		await warmUp(runBuiltNode);
		const samples: Array<{ from: number; to: number; cpuMs: number }> = [];
		let from = Date.now();
		let cpu = process.cpuUsage();
		const sampler = setInterval(() => {
			const used = process.cpuUsage(cpu);
			const to = Date.now();
			samples.push({ from, to, cpuMs: (used.user + used.system) / 1000 });
			from = to;
			cpu = process.cpuUsage();
		}, SAMPLE_MS);
		const began = Date.now();
		const result = await runBuiltNode(CREATE_ROW, batchItems([videoSeconds]));
		clearInterval(sampler);
		const requestTimes = sandbox.requests.map((request) => request.at).filter((at) => at >= began);
		const quiet = samples.filter(({ from: start, to }) => !requestTimes.some((at) => at >= start && at < to));
		const quietMs = quiet
			.map((sample) => Number(((sample.cpuMs * 1000) / ((sample.to - sample.from) * SCALE)).toFixed(1)))
			.sort((a, b) => a - b);
		console.log(
			JSON.stringify(
				{
					videoSeconds,
					status: result.output[0]?.json.status,
					apiCalls: requestTimes.length,
					samples: samples.length,
					quietSamples: quiet.length,
					quietCpuMsPerWallSecond: {
						min: quietMs[0],
						median: quietMs[Math.floor(quietMs.length / 2)],
						p90: quietMs[Math.floor(quietMs.length * 0.9)],
						max: quietMs[quietMs.length - 1],
					},
				},
				null,
				2,
			),
		);
	} finally {
		await sandbox.close();
	}
}

runBenchmark(main);
