/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson, type Execution } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { executionSucceededThrough, executionWaitingAt } from '../support/execution-by-id';
import { type PausedRun, type PauseTarget, regularPauseTarget, startTaggedRun } from '../support/paused-run';
import { sandboxProfiles, underProfile } from '../support/sandbox-profiles';
import { firstPausedId, firstPausedName, pausedTwiceLate, secondPausedName } from '../workflows/paused-chains';

/** Long enough for the test's calls while the second node waits. */
const secondGenerationMs = 10_000;
const forgedVideoId = 'vid_forged';

/** A callback as the service would send it for a completed job, naming that job. */
function completedCallback(jobId: string) {
	return { job_id: jobId, status: 'completed', result: { video_id: forgedVideoId, cost: 1 } };
}

/**
 * POSTs to the first node's address and checks that n8n answered it itself (its answers name the
 * execution; the node's own do not) with a 4xx, and that the execution is as it was.
 */
async function assertRefusedAndUnchanged(target: PauseTarget, run: PausedRun, before: Execution, jobId: string): Promise<string> {
	const { executionId } = run.callback;
	const response = await fetch(run.callback.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(completedCallback(jobId)),
		signal: AbortSignal.timeout(30_000),
	});
	const text = await response.text();
	assert.ok(response.status >= 400 && response.status < 500, `${run.profile}: answered ${response.status}: ${text.slice(0, 300)}`);
	const { message } = JSON.parse(text) as { message?: string };
	assert.ok(message?.includes(`execution "${executionId}`), `${run.profile}: n8n's own answer, got ${text.slice(0, 300)}`);
	const after = await target.api.getExecution(executionId, true);
	assert.equal(after.status, before.status, `${run.profile}: status after the call`);
	assert.deepEqual(after.data?.resultData, before.data?.resultData, `${run.profile}: the nodes' data after the call`);
	return `${response.status}`;
}

/** A callback for the first node once the execution has moved on: while the second node waits, and after the end. */
async function checkLateCallbacks(target: PauseTarget, run: PausedRun, waiting: Execution): Promise<void> {
	const [firstJob] = nodeOutputJson(waiting, firstPausedName).map((output) => String(output.jobId));
	const [secondJob] = nodeOutputJson(waiting, secondPausedName).map((output) => String(output.jobId));
	// The second node's job is the sharpest: handed to that node, it would be taken as its result.
	const whileWaiting = [
		await assertRefusedAndUnchanged(target, run, waiting, secondJob),
		await assertRefusedAndUnchanged(target, run, waiting, firstJob),
	];
	const finished = await executionSucceededThrough(target.api, run.callback.executionId, secondPausedName, 60_000);
	const [second] = nodeOutputJson(finished, secondPausedName);
	assert.equal(second.jobId, secondJob);
	assert.equal(second.status, 'completed');
	assert.notEqual(second.videoId, forgedVideoId, `${run.profile}: the second node's result is its job's`);
	const afterEnd = await assertRefusedAndUnchanged(target, run, finished, secondJob);
	logProgress('late callback', `${run.profile}: answered ${whileWaiting.join(',')} while the next node waited, ${afterEnd} after the end`);
}

export async function checkLateCallback(target: PauseTarget): Promise<void> {
	const { api, sandbox } = target;
	for (const profile of sandboxProfiles) {
		await underProfile(sandbox, profile, async () => {
			const run = await startTaggedRun(target, pausedTwiceLate, profile, 1, firstPausedId);
			// The first node's job is under way with the usual timing; the second node's will be slow.
			sandbox.configure({ timings: { generationMs: secondGenerationMs } });
			let waiting: Execution;
			try {
				waiting = await executionWaitingAt(api, run.callback.executionId, secondPausedName, 60_000);
			} finally {
				sandbox.configure({ timings: e2eSandboxOptions.timings });
			}
			await checkLateCallbacks(target, run, waiting);
		});
	}
}

export const lateCallbackScenario: Scenario = {
	name: 'late callback for a node that no longer waits',
	workflows: [pausedTwiceLate.workflow],
	run: (context) => checkLateCallback(regularPauseTarget(context)),
};
