/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import type { N8nVersion } from '../../n8n/versions';
import type { Scenario } from '../scenario';
import { itemsOverRuns } from '../support/node-runs';
import { finishedExecutions } from '../support/shape-runs';
import { postToWebhook } from '../support/webhook-call';
import {
	callerDoneName,
	childAfterName,
	eachItemCount,
	waitNodeCaller,
	waitNodeCallerPath,
	waitNodeChild,
} from '../workflows/sub-workflow-wait-node';

/**
 * What a caller that runs once for each item gets back from children that went into waiting, as
 * n8n hands it (ExecuteWorkflow.node.js loops over `executeWorkflow`, which returns once a child
 * waits): the reason the node polls in a sub-workflow. Measured on 2026-11-29.
 */
function itemsCallerGetsBack(version: N8nVersion): number {
	return version.startsWith('1.') ? eachItemCount : 1;
}

export const subWorkflowWaitNodeScenario: Scenario = {
	name: "sub-workflow once for each item, n8n's Wait node",
	workflows: [waitNodeCaller],
	subWorkflows: [waitNodeChild],
	async run({ instance, api, version }) {
		const since = Date.now();
		const answer = await postToWebhook(instance, waitNodeCallerPath, {});
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const [caller] = await finishedExecutions(api, waitNodeCaller.id, since, 4 * 60_000);
		assert.equal(caller.status, 'success', `caller execution ${caller.id}: ${caller.status}`);
		const children = await finishedExecutions(api, waitNodeChild.id, since, 60_000, eachItemCount);
		for (const child of children) {
			assert.equal(child.status, 'success', `child execution ${child.id}: ${child.status}`);
			assert.equal(itemsOverRuns(child, childAfterName).length, 1, `child execution ${child.id} went on after its wait`);
		}
		const gotBack = itemsOverRuns(caller, callerDoneName).length;
		logProgress('each', `n8n ${version}: ${eachItemCount} children ran and succeeded; the caller got ${gotBack} item(s) back`);
		assert.equal(gotBack, itemsCallerGetsBack(version), `n8n ${version} hands the caller this many items: if it changed, update docs/usage.md and the node's hint`);
	},
};
