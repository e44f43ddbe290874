/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson, type Execution } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { executionSucceededThrough } from '../support/execution-by-id';
import { type PausedRun, type PauseTarget, regularPauseTarget, startsReportingTo, startTaggedRun } from '../support/paused-run';
import { bodyField, generationStatusReads } from '../support/sandbox-log';
import { sandboxProfiles, underProfile } from '../support/sandbox-profiles';
import { deliveriesToExecution } from '../support/webhook-deliveries';
import {
	firstPausedId,
	firstPausedName,
	pausedTwice,
	secondPausedId,
	secondPausedName,
	secondPromptPrefix,
} from '../workflows/paused-chains';

const count = 2;

const sorted = (values: string[]) => [...values].sort();

/** Each node's output holds the jobs that reported to its own address, and only those. */
function assertOwnResults({ sandbox, checksResumeToken }: PauseTarget, run: PausedRun, finished: Execution): void {
	const { executionId } = run.callback;
	const deliveries = deliveriesToExecution(sandbox, executionId);
	const jobsOf = (nodeName: string, nodeId: string) => {
		const outputs = nodeOutputJson(finished, nodeName);
		assert.deepEqual(outputs.map((output) => output.status), Array(count).fill('completed'), `${run.profile}: "${nodeName}"`);
		const jobIds = outputs.map((output) => String(output.jobId));
		const reported = deliveries.filter((delivery) => new URL(delivery.url).pathname.endsWith(`/${nodeId}`));
		assert.deepEqual(sorted(jobIds), sorted([...new Set(reported.map((d) => d.jobId))]), `${run.profile}: "${nodeName}" carries its own jobs`);
		return jobIds;
	};
	const first = jobsOf(firstPausedName, firstPausedId);
	const second = jobsOf(secondPausedName, secondPausedId);
	assert.ok(!first.some((jobId) => second.includes(jobId)), `${run.profile}: no job in both nodes`);

	const secondStarts = startsReportingTo(sandbox, { executionId, nodeId: secondPausedId });
	assert.deepEqual(
		sorted(secondStarts.map((start) => String(bodyField(start, 'prompt')))),
		sorted(first.map((jobId) => `${secondPromptPrefix}${jobId}`)),
		`${run.profile}: the second node started from the first node's results`,
	);
	// Copies of the first node's callbacks that arrive once the second node waits reach nobody.
	const secondStartedAt = Math.min(...secondStarts.map((start) => start.at));
	const lateForFirst = deliveries.filter((d) => d.at > secondStartedAt && new URL(d.url).pathname.endsWith(`/${firstPausedId}`));
	assert.ok(
		lateForFirst.every((delivery) => delivery.status !== undefined && delivery.status >= 400 && delivery.status < 500),
		`${run.profile}: n8n refused the first node's late deliveries: ${lateForFirst.map((d) => d.status ?? d.error).join(',')}`,
	);
	const reads = Object.values(generationStatusReads(sandbox, [...first, ...second]));
	// The second pause is held (n8n 2.x): its jobs, ended by then, are read once at the hold's end.
	const [firstReads, secondReads] = [reads.slice(0, count), reads.slice(count)];
	if (checksResumeToken) {
		assert.ok(firstReads.every((read) => read === 0), `${run.profile}: no status read for the first node (${reads.join(',')})`);
		assert.ok(secondReads.every((read) => read <= 1), `${run.profile}: one read at most for the second (${reads.join(',')})`);
	}
	logProgress(
		'paused twice',
		`${run.profile}: ${deliveries.length} deliveries, ${lateForFirst.length} late ones for the first node refused; status reads per item ${reads.join(',')}`,
	);
}

/** One profile after the other: the second node's jobs must start under the same profile as the first's. */
export async function checkPausedTwice(target: PauseTarget): Promise<void> {
	for (const profile of sandboxProfiles) {
		const { run, finished } = await underProfile(target.sandbox, profile, async () => {
			const started = await startTaggedRun(target, pausedTwice, profile, count, firstPausedId);
			return { run: started, finished: await executionSucceededThrough(target.api, started.callback.executionId, secondPausedName, 90_000) };
		});
		assertOwnResults(target, run, finished);
	}
}

export const pausedTwiceScenario: Scenario = {
	name: 'two paused nodes in a row',
	workflows: [pausedTwice.workflow],
	run: (context) => checkPausedTwice(regularPauseTarget(context)),
};
