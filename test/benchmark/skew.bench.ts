/* eslint-disable no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * The service's clock ahead of or behind n8n's: one batch of 40 starts (Generate, not waited for)
 * in real time against the sandbox with a limit of 10 calls per 10-s window, its clock (its `Date`
 * and `X-RateLimit-Reset` headers) at 0, +20 s and -20 s. No time scale: Reset has whole seconds.
 * R is a run's wall time over the wall time at 0.
 *
 *   npm run bench:skew
 */

import { loadBuiltNode, runBenchmark } from './benchKit';
import { startSandbox } from '../sandbox';

const CALLS = 40;
const RATE_LIMIT = { limit: 10, windowMs: 10_000 };
const SKEWS = { even: 0, ahead: 20_000, behind: -20_000 };

const STARTS = {
	resource: 'video',
	operation: 'generate',
	inputMethod: 'prompt',
	prompt: '={{ $json.topic }}',
	duration: 15,
	waitForCompletion: 'none',
};

async function runAt(clockSkewMs: number) {
	const sandbox = await startSandbox({ rateLimit: RATE_LIMIT, clockSkewMs, initialCredits: 1_000_000 });
	try {
		const runBuiltNode = await loadBuiltNode(sandbox);
		const items = Array.from({ length: CALLS }, (_, index) => ({ json: { topic: `Topic ${index}` } }));
		const began = Date.now();
		const result = await runBuiltNode(STARTS, items);
		const wallMs = Date.now() - began;
		const api = sandbox.requests.filter((request) => request.listener === 'api');
		return {
			clockSkewMs,
			status: result.status,
			started: result.output.filter((item) => typeof item.json.jobId === 'string').length,
			apiCalls: api.length,
			refused429: api.filter((request) => request.status === 429).length,
			wallMs,
		};
	} finally {
		await sandbox.close();
	}
}

async function main(): Promise<void> {
	const even = await runAt(SKEWS.even);
	const ahead = await runAt(SKEWS.ahead);
	const behind = await runAt(SKEWS.behind);
	for (const run of [even, ahead, behind]) console.log(JSON.stringify(run));
	const ratio = (run: { wallMs: number }) => (run.wallMs / even.wallMs).toFixed(2);
	const refused = even.refused429 + ahead.refused429 + behind.refused429;
	console.log(`skew: ahead ${ratio(ahead)}, behind ${ratio(behind)}, 429s ${refused}`);
}

runBenchmark(main);
