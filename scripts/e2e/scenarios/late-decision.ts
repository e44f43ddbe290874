/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { TIMING } from '../../../nodes/PresenterVideo/timing';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { executionSucceededThrough } from '../support/execution-by-id';
import { regularPauseTarget, startTaggedRun } from '../support/paused-run';
import { generationStatusReads } from '../support/sandbox-log';
import { deliveriesToExecution } from '../support/webhook-deliveries';
import { lateDecision, lateDecisionId, lateDecisionName } from '../workflows/paused-chains';

/** The status read after a callback's moment of grace ends this long after the call's bound. */
const slowReadMs = TIMING.decideWithinMs - TIMING.callbackGraceMs + 1_500;
/** Far below the node's Max Wait (10 minutes), which is where the batch would go on without a new delivery. */
const withinMs = 20_000;

/**
 * A callback that decides past its bound: the service answers status reads slowly, so the read of
 * the failed job (a failure is read, not taken from its callback) ends after the call's bound and
 * the call hands nothing to n8n. It delivers its callback to n8n again, and the new call decides
 * from what the first one read: the execution goes on within seconds of the callback.
 */
export const lateDecisionScenario: Scenario = {
	name: 'a callback decided too late',
	workflows: [lateDecision.workflow],
	async run(context) {
		const target = regularPauseTarget(context);
		const { sandbox, api } = target;
		sandbox.configure({ faults: [{ path: 'generation/status', kind: 'slow', delayMs: slowReadMs }] });
		try {
			const run = await startTaggedRun(target, lateDecision, 'contract', 1, lateDecisionId);
			const id = run.callback.executionId;
			const finished = await executionSucceededThrough(api, id, lateDecisionName, withinMs + 30_000);
			const [item] = nodeOutputJson(finished, lateDecisionName);
			assert.equal(item.status, 'failed', 'the item carries the failed job');
			const deliveries = deliveriesToExecution(sandbox, id);
			assert.ok(deliveries.length > 0, 'the failure was called back');
			const firstCallback = Math.min(...deliveries.map((delivery) => delivery.at));
			const wentOnMs = Date.parse(String(finished.stoppedAt)) - firstCallback;
			assert.ok(wentOnMs < withinMs, `went on ${wentOnMs} ms after the callback`);
			const reads = generationStatusReads(sandbox, [String(item.jobId)])[String(item.jobId)];
			assert.ok(reads >= 1, 'the decision read the failed job');
			logProgress(
				'late decision',
				`went on ${(wentOnMs / 1000).toFixed(1)} s after the first callback (status reads ${slowReadMs} ms slow, ` +
					`bound ${TIMING.decideWithinMs} ms), ${deliveries.length} deliveries, ${reads} status reads`,
			);
		} finally {
			sandbox.configure({ faults: [] });
		}
	},
};
