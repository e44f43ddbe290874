/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { fetchJson } from '../../n8n/http-json';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { executionSucceededThrough } from '../support/execution-by-id';
import { type PausedRun, type PauseTarget, regularPauseTarget, startTaggedRun } from '../support/paused-run';
import { generationStatusReads } from '../support/sandbox-log';
import { sandboxProfiles, underProfile } from '../support/sandbox-profiles';
import { deliveriesToExecution } from '../support/webhook-deliveries';
import { failingCode, failingMaxWaitMinutes, failingPausedId, failingPausedName, pausedFailure } from '../workflows/paused-chains';

const maxWaitMs = failingMaxWaitMinutes * 60_000;
/** n8n's wait tracker looks for due executions once a minute. */
const trackerSlackMs = 90_000;

/** What the service itself says of the job, read after the execution's calls have been counted. */
async function serviceStatus({ sandbox }: PauseTarget, jobId: string): Promise<{ status: string; error?: { code?: string } }> {
	return await fetchJson(`${sandbox.apiUrl}/generation/status/${jobId}`, {
		headers: { authorization: `Bearer ${sandbox.keys.main}` },
	});
}

/**
 * The only job fails. On the contract its failure is called back and read: the node goes on at once
 * with the failure. The service's code calls nobody for it: the node goes on at Max Wait, the item
 * carrying its job id, timed out, and nothing was read.
 */
async function assertOutcome(target: PauseTarget, run: PausedRun): Promise<void> {
	const id = run.callback.executionId;
	const finished = await executionSucceededThrough(target.api, id, failingPausedName, maxWaitMs + trackerSlackMs);
	const tookMs = Date.now() - run.startedAt;
	const [item] = nodeOutputJson(finished, failingPausedName);
	const jobId = String(item.jobId);
	const deliveries = deliveriesToExecution(target.sandbox, id);
	const reads = generationStatusReads(target.sandbox, [jobId])[jobId];
	const onService = await serviceStatus(target, jobId);
	assert.equal(onService.status, 'failed', `${run.profile}: the item names the failed job`);
	if (run.profile === 'code') {
		assert.equal(deliveries.length, 0, 'the service called nobody for the failure');
		assert.equal(item.timedOut, true, 'the item comes out timed out');
		assert.ok(tookMs >= maxWaitMs, `resumed at Max Wait, not after ${tookMs} ms`);
		assert.equal(reads, 0, 'nothing read the job once the execution was handed back');
	} else {
		assert.equal(onService.error?.code, failingCode, 'the service fails the job with the code asked for');
		assert.ok(deliveries.length > 0, 'the failure was called back');
		assert.equal(item.status, 'failed');
		assert.equal((item.error as { code?: string } | undefined)?.code, failingCode);
		assert.equal(item.timedOut, undefined);
		assert.ok(tookMs < maxWaitMs, `resumed by the failure's callback, not after ${tookMs} ms`);
		assert.ok(reads >= 1, 'a failure is read, not taken from the callback');
	}
	logProgress(
		'paused failure',
		`${run.profile}: resumed ${(tookMs / 1000).toFixed(1)} s after the start (Max Wait ${maxWaitMs / 1000} s), ` +
			`${deliveries.length} deliveries, ${reads} status reads`,
	);
}

/** Both profiles' executions side by side: they share the wait for Max Wait. */
export async function checkPausedFailure(target: PauseTarget): Promise<void> {
	const runs: PausedRun[] = [];
	for (const profile of sandboxProfiles) {
		runs.push(await underProfile(target.sandbox, profile, () => startTaggedRun(target, pausedFailure, profile, 1, failingPausedId)));
	}
	await Promise.all(runs.map((run) => assertOutcome(target, run)));
}

export const pausedFailureScenario: Scenario = {
	name: 'paused job that fails',
	workflows: [pausedFailure.workflow],
	run: (context) => checkPausedFailure(regularPauseTarget(context)),
};
