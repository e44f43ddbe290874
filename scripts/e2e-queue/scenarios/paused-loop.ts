/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { SandboxProfileName } from '../../../test/sandbox';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson, type Execution } from '../../n8n/public-api';
import { executionSucceededThrough } from '../../e2e/support/execution-by-id';
import { startsReportingTo, startTaggedRun } from '../../e2e/support/paused-run';
import { sandboxProfiles } from '../../e2e/support/sandbox-profiles';
import { nodeId } from '../../e2e/workflows/nodes';
import { loopDoneName, loopedGenerateName, pausedLoop } from '../recorded-workflows';
import { alternating, toFirst } from '../routing-policies';
import type { QueueContext, QueueScenario } from '../queue-scenario';
import { queuePauseTarget } from './pause-target';

const items = 3;
/** An iteration resumed by its callback goes on within this time of it (Max Wait is 10 minutes). */
const resumeWithinMs = 5_000;

/** The job of each turn of the loop, in order: Generate's output in each of its runs. */
function jobsOfTurns(execution: Execution): string[] {
	const runs = execution.data?.resultData.runData[loopedGenerateName] ?? [];
	return runs.flatMap((run) => (run.data?.main?.[0] ?? []).map((item) => String(item.json.jobId)));
}

async function loopOnProfile(context: QueueContext, profile: SandboxProfileName): Promise<void> {
	const { api, sandbox, recorder } = context;
	sandbox.configure({ profile });
	try {
		// Returns once the loop has started every turn's job, each reporting to the node's one address.
		const run = await startTaggedRun(queuePauseTarget(context), pausedLoop, profile, items, nodeId(loopedGenerateName));
		const { executionId } = run.callback;
		const finished = await executionSucceededThrough(api, executionId, loopDoneName, 3 * 60_000);

		assert.equal(startsReportingTo(sandbox, run.callback).length, items, `${profile}: one start per item, none twice`);
		const jobIds = jobsOfTurns(finished);
		assert.equal(new Set(jobIds).size, items, `${profile}: each turn its own job`);
		const done = nodeOutputJson(finished, loopDoneName);
		assert.deepEqual(
			done.map((item) => item.status),
			Array(items).fill('completed'),
			`${profile}: the loop's done output holds every item, completed`,
		);
		assert.deepEqual(
			done.map((item) => String(item.jobId)).sort(),
			[...jobIds].sort(),
			`${profile}: each item its own job's result`,
		);
		assert.equal(new Set(done.map((item) => item.videoId)).size, items, `${profile}: each item its own video`);
		assert.ok(
			done.every((item) => typeof item.cost === 'number'),
			`${profile}: each item its job's cost`,
		);

		const runs = recorder.runsOf(executionId);
		assert.deepEqual(
			runs.flatMap((recorded) => recorded.jobIds).sort(),
			[...jobIds].sort(),
			`${profile}: the node after Generate ran once per item`,
		);
		const gaps = jobIds.map((jobId) => {
			const firstCallback = Math.min(
				...sandbox.webhookDeliveries.filter((delivery) => delivery.jobId === jobId).map((delivery) => delivery.at),
			);
			const recorded = runs.find((entry) => entry.jobIds.includes(jobId));
			return (recorded?.at ?? Number.POSITIVE_INFINITY) - firstCallback;
		});
		logProgress(
			'queue loop',
			`${profile}: ${items} turns, each went on ${gaps.map((gap) => `${(gap / 1000).toFixed(1)} s`).join(', ')} after its job's first callback`,
		);
		assert.ok(
			gaps.every((gap) => gap <= resumeWithinMs),
			`${profile}: every turn goes on within ${resumeWithinMs / 1000} s of its job's callback`,
		);
	} finally {
		sandbox.configure({ profile: 'contract' });
	}
}

/**
 * Loop Over Items (batch size 1, 3 items) around a Generate paused for callbacks, callbacks and
 * their copies spread over both webhook processors: each turn is a pause of its own, resumed by its
 * own job's callback, and the rest of the workflow runs once per item. Both sandbox profiles.
 */
export const pausedLoopScenario: QueueScenario = {
	name: 'Loop Over Items around a paused Generate, callbacks on both webhook processors',
	timeoutMs: 8 * 60_000,
	async run(context) {
		context.cluster.router.route(alternating());
		try {
			for (const profile of sandboxProfiles) await loopOnProfile(context, profile);
		} finally {
			context.cluster.router.route(toFirst);
		}
	},
};
