/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
/**
 * Executions of one process taking turns in its request budget: one execution of 300 Create items
 * (mixed) and, 5 s of service time later, a second of one Create item (a 30-s video, Max Wait 10
 * service-minutes), time-scaled as bench:scale (scaledBatch.ts). R1 is the small execution's wall
 * time over its own physical limit (its one chain of jobs), R2 the big one's ratio as bench:scale
 * gives it; timedOut counts items of either that came out timed out.
 *
 *   npm run bench:fairness -- [bigItems=300]
 */

import { loadBuiltNode, runBenchmark } from './benchKit';
import {
	batchFigures,
	batchItems,
	CREATE_ROW,
	requestedSeconds,
	startScaledSandbox,
	useScaledServiceTime,
	wallMsOf,
	warmUp,
} from './scaledBatch';

const SMALL_LATER_MS = 5_000;
const SMALL_SECONDS = 30;
const SMALL_MAX_WAIT_MINUTES = 10;

async function main(): Promise<void> {
	const bigCount = Number(process.argv[2] ?? 300);
	const bigSeconds = requestedSeconds(bigCount, 'mixed');
	const schedule = await useScaledServiceTime();
	const sandbox = await startScaledSandbox();
	try {
		const runBuiltNode = await loadBuiltNode(sandbox);
		await warmUp(runBuiltNode);
		const began = Date.now();
		const big = runBuiltNode(CREATE_ROW, batchItems(bigSeconds)).then((result) => ({
			result,
			wallMs: wallMsOf(Date.now() - began),
		}));
		await new Promise((resolve) => setTimeout(resolve, SMALL_LATER_MS));
		const smallBegan = Date.now();
		const smallRow = { ...CREATE_ROW, options: { maxWaitMinutes: SMALL_MAX_WAIT_MINUTES } };
		const small = await runBuiltNode(smallRow, batchItems([SMALL_SECONDS]));
		const smallWallMs = wallMsOf(Date.now() - smallBegan);
		const { result: bigResult, wallMs: bigWallMs } = await big;

		const outputs = (result: typeof small) => result.output.map((item) => item.json);
		const bigFigures = batchFigures({
			mode: 'mixed',
			seconds: bigSeconds,
			outputs: outputs(bigResult),
			// The window's calls are both executions': the small one's job ids reached its own output.
			errorTexts: outputs(small).map((json) => JSON.stringify(json)),
			requests: sandbox.requests.filter((request) => request.at >= began),
			wallMs: bigWallMs,
			schedule,
		});
		// Its own physical limit: its one chain of jobs, as no call of its own fills a window.
		const smallFigures = batchFigures({
			mode: 'uniform',
			seconds: [SMALL_SECONDS],
			outputs: outputs(small),
			requests: [],
			wallMs: smallWallMs,
			schedule,
		});
		const timedOut = [...outputs(bigResult), ...outputs(small)].filter((json) => json.timedOut === true).length;
		console.log(
			JSON.stringify(
				{
					big: { status: bigResult.status, ...bigFigures },
					small: {
						status: small.status,
						completed: smallFigures.completed,
						wallMs: smallWallMs,
						physicalLimitMs: smallFigures.physicalLimitMs,
						ratio: smallFigures.ratio,
					},
				},
				null,
				2,
			),
		);
		console.log(`fairness: small ${smallFigures.ratio.toFixed(2)}, big ${bigFigures.ratio.toFixed(2)}, timedOut ${timedOut}`);
	} finally {
		await sandbox.close();
	}
}

runBenchmark(main);
