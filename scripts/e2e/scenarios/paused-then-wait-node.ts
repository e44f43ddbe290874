/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { executionSucceededThrough, executionWaitingAt } from '../support/execution-by-id';
import { type PausedRun, type PauseTarget, regularPauseTarget, startTaggedRun } from '../support/paused-run';
import { generationStatusReads } from '../support/sandbox-log';
import { sandboxProfiles, underProfile } from '../support/sandbox-profiles';
import { waitUntil } from '../support/wait-until';
import { deliveriesToExecution } from '../support/webhook-deliveries';
import { noOpName, pausedGenerateId, pausedGenerateName, pausedThenWaitNode, waitNodeName } from '../workflows/paused-chains';

const count = 3;
/** How long the Wait node must keep waiting once the service has stopped calling. */
const quietMs = 60_000;

async function assertAtWaitNode({ api }: PauseTarget, run: PausedRun): Promise<void> {
	const execution = await api.getExecution(run.callback.executionId, true);
	const at = execution.data?.resultData.lastNodeExecuted;
	assert.ok(
		execution.status === 'waiting' && at === waitNodeName,
		`${run.profile}: execution ${execution.id} is ${execution.status} at ${at ?? 'no node'}, not waiting at "${waitNodeName}"`,
	);
	assert.equal(execution.data?.resultData.runData[noOpName], undefined, `${run.profile}: "${noOpName}" has not run`);
}

function lastDeliveryAt({ sandbox }: PauseTarget, run: PausedRun): number {
	return Math.max(...deliveriesToExecution(sandbox, run.callback.executionId).map((delivery) => delivery.at));
}

/**
 * Once the Generate node has resumed, the Wait node after it stays waiting through every late copy
 * of the callbacks, and goes on only when called with the caller's body.
 */
async function resumeByHand(target: PauseTarget, run: PausedRun, reachedWaitAt: number): Promise<void> {
	const { api, sandbox } = target;
	const id = run.callback.executionId;
	await assertAtWaitNode(target, run);
	const deliveries = deliveriesToExecution(sandbox, id);
	const afterResume = deliveries.filter((delivery) => delivery.at >= reachedWaitAt);
	assert.ok(
		afterResume.every((delivery) => delivery.status !== undefined && delivery.status >= 400 && delivery.status < 500),
		`${run.profile}: n8n refused every delivery made while the Wait node waited: ${afterResume.map((d) => d.status ?? d.error).join(',')}`,
	);
	const quietFor = Date.now() - lastDeliveryAt(target, run);
	const approval = { approvedBy: 'e2e', profile: run.profile };
	const answer = await fetch(run.callback.executionResumeUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(approval),
		signal: AbortSignal.timeout(30_000),
	});
	assert.equal(answer.status, 200, `the Wait node's resume call answered ${answer.status}: ${await answer.text()}`);

	const finished = await executionSucceededThrough(api, id, noOpName, 60_000);
	const outputs = nodeOutputJson(finished, pausedGenerateName);
	assert.deepEqual(outputs.map((output) => output.status), Array(count).fill('completed'), `${run.profile}: Generate's results`);
	const jobIds = outputs.map((output) => String(output.jobId));
	assert.deepEqual([...jobIds].sort(), [...new Set(deliveries.map((d) => d.jobId))].sort(), `${run.profile}: the jobs that called back`);
	assert.deepEqual(nodeOutputJson(finished, waitNodeName).map((output) => output.body), [approval], `${run.profile}: the Wait node's output`);
	assert.deepEqual(nodeOutputJson(finished, noOpName).map((output) => output.body), [approval], `${run.profile}: what follows the Wait node`);

	const reads = Object.values(generationStatusReads(sandbox, jobIds));
	assert.deepEqual(reads, Array(count).fill(0), `${run.profile}: a completed generation's callback costs no status read`);
	logProgress(
		'pause then Wait',
		`${run.profile}: ${deliveries.length} deliveries (${afterResume.length} while the Wait node waited, all refused), ` +
			`Wait node still waiting ${(quietFor / 1000).toFixed(1)} s after the last one; status reads per item ${reads.join(',')}`,
	);
}

/** Both profiles' executions side by side: they share the quiet minute. */
export async function checkWaitNodeAfterPause(target: PauseTarget): Promise<void> {
	const { api, sandbox } = target;
	const runs: PausedRun[] = [];
	for (const profile of sandboxProfiles) {
		runs.push(
			await underProfile(sandbox, profile, () => startTaggedRun(target, pausedThenWaitNode, profile, count, pausedGenerateId)),
		);
	}
	const reachedAt = await Promise.all(
		runs.map(async (run) => {
			await executionWaitingAt(api, run.callback.executionId, waitNodeName, 90_000);
			return Date.now();
		}),
	);
	await waitUntil(
		`${quietMs / 1000} s after the last callback delivery`,
		async () => {
			for (const run of runs) await assertAtWaitNode(target, run);
			return runs.every((run) => Date.now() >= lastDeliveryAt(target, run) + quietMs) ? true : undefined;
		},
		quietMs + 60_000,
		2_000,
	);
	for (const [index, run] of runs.entries()) await resumeByHand(target, run, reachedAt[index]);
}

export const pausedThenWaitNodeScenario: Scenario = {
	name: 'pause, then a Wait node on the same resume URL',
	workflows: [pausedThenWaitNode.workflow],
	run: (context) => checkWaitNodeAfterPause(regularPauseTarget(context)),
};
