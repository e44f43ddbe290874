/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Measures memory while the Download operation streams a large MP4 into n8n's binary data in
 * filesystem mode: peak RSS growth against the file size shows the file is never held whole.
 * Uses the built node in dist/, as n8n loads it.
 *
 *   npm run bench:download -- [megabytes=300]
 */
import { statSync } from 'fs';

import { loadBuiltNode, runBenchmark } from './benchKit';

const MB = 1024 * 1024;

async function main(): Promise<void> {
	const megabytes = Number(process.argv[2] ?? 300);
	const { startSandbox } = await import('../sandbox');

	const sandbox = await startSandbox();
	try {
		const runBuiltNode = await loadBuiltNode(sandbox);
		global.gc?.();
		const baseline = process.memoryUsage().rss;
		let peak = baseline;
		const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
		const began = Date.now();
		const result = await runBuiltNode({
			resource: 'video',
			operation: 'download',
			downloadFrom: 'url',
			videoUrl: `${sandbox.storageUrl}/large.mp4?bytes=${megabytes * MB}`,
		});
		const wallMs = Date.now() - began;
		clearInterval(sampler);
		const item = result.output[0];
		const file = await result.binaryFilePath(item, 'data');
		console.log(
			JSON.stringify(
				{
					fileMB: megabytes,
					storedOnDiskMB: file ? Math.round(statSync(file).size / MB) : null,
					wallMs,
					throughputMBps: Math.round((megabytes / wallMs) * 1000),
					baselineRssMB: Math.round(baseline / MB),
					peakRssGrowthMB: Math.round((peak - baseline) / MB),
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
