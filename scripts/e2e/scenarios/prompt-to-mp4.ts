/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { finishedExecutions } from '../support/executions';
import { isMp4 } from '../support/mp4';
import { postToWebhook } from '../support/webhook-call';
import {
	createNodeName,
	promptToMp4Path,
	promptToMp4Workflow,
	promptToMp4WorkflowId,
} from '../workflows/prompt-to-mp4';

export const promptToMp4Scenario: Scenario = {
	name: 'prompt to MP4 (Create)',
	workflows: [promptToMp4Workflow],
	async run({ instance, api, sandbox }) {
		const answer = await postToWebhook(instance, promptToMp4Path, {
			prompt: 'A friendly 20-second intro to our new coffee blend',
			duration: 20,
		});
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		assert.ok(isMp4(answer.bytes), `the answer is not an MP4 (${answer.contentType}, ${answer.bytes.length} bytes)`);
		assert.match(answer.contentType, /^video\/mp4/);

		const [execution] = await finishedExecutions(api, promptToMp4WorkflowId, 1);
		assert.equal(execution.status, 'success');
		const [created] = nodeOutputJson(execution, createNodeName);
		assert.match(String(created.generationJobId), /^run_[0-9a-f]{12}$/);
		assert.equal(created.videoId, String(created.generationJobId).replace('run_', 'vid_'));
		assert.match(String(created.exportJobId), /^export_[0-9a-f]{12}$/);
		assert.equal(created.status, 'completed');
		assert.equal(created.videoUrl, `${sandbox.storageUrl}/videos/${String(created.exportJobId)}.mp4`);
		assert.equal(Number(created.totalCost), 5, 'a 20-second video costs 5 credits, its export 0');
		assert.match(String(created.fileName), /\.mp4$/);
		// n8n reports the size as text ("50.1 kB") in some versions: the byte count is checked above.
		assert.ok(created.fileSize !== undefined && created.fileSize !== '');
	},
};
