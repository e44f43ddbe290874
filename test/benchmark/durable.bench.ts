/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Measures pausing for callbacks with many items: N jobs that take J ms in the sandbox, started
 * with the execution's resume URL; the sandbox calls back and the execution goes on once all have
 * ended. Reports the wall time against the longest job, the status calls made while no callback
 * had arrived yet (polls), and the API calls per item. Uses the built node in dist/, as n8n loads it.
 *
 *   npm run bench:durable -- [items=100] [jobMs=5000] [profile=contract|code]
 */

import { loadBuiltNode, promptBatch, runBenchmark } from './benchKit';

/** Wall time allowed beyond the longest job. */
const TOLERANCE_MS = 5_000;

async function main(): Promise<void> {
	const itemCount = Number(process.argv[2] ?? 100);
	const jobMs = Number(process.argv[3] ?? 5000);
	const profile = process.argv[4] === 'code' ? 'code' : 'contract';
	const { startSandbox } = await import('../sandbox');
	const { startWaitingWebhookServer } = await import('../harness');

	// Enough credits for every item: a space's 1000 cover 200 videos of 30 s.
	const sandbox = await startSandbox({
		profile,
		timings: { generationMs: jobMs, exportMs: 200 },
		initialCredits: Math.max(1000, itemCount * 10),
	});
	const waiting = await startWaitingWebhookServer();
	try {
		const runBuiltNode = await loadBuiltNode(sandbox);
		const began = Date.now();
		const paused = await runBuiltNode(...promptBatch('callback', itemCount), waiting);
		if (paused.status !== 'waiting') {
			throw new Error(`The execution did not pause: ${paused.status} (${paused.errorOf('Presenter Video')?.message})`);
		}
		const pausedMs = Date.now() - began;
		const resumed = await waiting.nextResume();
		const wallMs = Date.now() - began;

		const output = resumed.outputOf('Presenter Video');
		const apiCalls = sandbox.requests.filter((request) => request.listener === 'api');
		const starts = apiCalls.filter((request) => request.path.endsWith('/generation/start'));
		const statusCalls = apiCalls.filter((request) => request.path.includes('/generation/status/'));
		const firstCallback = Math.min(...sandbox.webhookDeliveries.map((delivery) => delivery.at));
		const longestJobMs = jobMs;
		console.log(
			JSON.stringify(
				{
					profile,
					items: itemCount,
					jobMs,
					completed: output.filter((item) => item.json.status === 'completed').length,
					pausedAfterMs: pausedMs,
					wallMs,
					longestJobMs,
					withinLongestJobPlus5s: wallMs <= longestJobMs + TOLERANCE_MS,
					startSpreadMs: Math.max(...starts.map((r) => r.at)) - Math.min(...starts.map((r) => r.at)),
					callbacksReceived: waiting.calls.length,
					statusPollsBeforeAnyCallback: statusCalls.filter((request) => request.at < firstCallback).length,
					statusCalls: statusCalls.length,
					apiCallsPerItem: apiCalls.length / itemCount,
				},
				null,
				2,
			),
		);
	} finally {
		await waiting.close();
		await sandbox.close();
	}
}

runBenchmark(main);
