/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Measures waiting for many jobs: wall time for N items whose jobs take J ms in the sandbox, and
 * the status calls each job received. Runs the node in a real n8n-core workflow, on the service's
 * recommended polling schedule. Uses the built node in dist/, as n8n loads it.
 *
 *   npm run bench:waiting -- [items=20] [jobMs=2000] [latencyMs=0] [requestsPerMinute=100]
 *
 * latencyMs delays every API answer, as a distant service would; requestsPerMinute is the
 * credential's (and the sandbox's) limit, so that a batch can be measured apart from the limit.
 */

import { loadBuiltNode, promptBatch, runBenchmark } from './benchKit';

async function main(): Promise<void> {
	const itemCount = Number(process.argv[2] ?? 20);
	const jobMs = Number(process.argv[3] ?? 2000);
	const latencyMs = Number(process.argv[4] ?? 0);
	const requestsPerMinute = Number(process.argv[5] ?? 100);
	const { startSandbox } = await import('../sandbox');

	const sandbox = await startSandbox({
		timings: { generationMs: jobMs, exportMs: 200 },
		rateLimit: { limit: requestsPerMinute, windowMs: 60_000 },
		faults: latencyMs > 0 ? [{ kind: 'slow', delayMs: latencyMs }] : [],
	});
	try {
		const runBuiltNode = await loadBuiltNode(sandbox, { requestsPerMinute });
		const began = Date.now();
		const result = await runBuiltNode(...promptBatch('poll', itemCount));
		const wallMs = Date.now() - began;
		const completed = result.output.filter((item) => item.json.status === 'completed').length;
		const starts = sandbox.requests.filter((request) => request.path.endsWith('/generation/start'));
		const statusCalls = sandbox.requests.filter((request) => request.path.includes('/generation/status/'));
		const startSpreadMs = Math.max(...starts.map((r) => r.at)) - Math.min(...starts.map((r) => r.at));
		console.log(
			JSON.stringify(
				{
					items: itemCount,
					jobMs,
					latencyMs,
					requestsPerMinute,
					completed,
					wallMs,
					sequentialWouldTakeAtLeastMs: itemCount * jobMs,
					startSpreadMs,
					statusCallsPerJob: statusCalls.length / itemCount,
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
