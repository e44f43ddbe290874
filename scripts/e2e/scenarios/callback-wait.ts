/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson, type Execution } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { callbackAddress } from '../support/callback-address';
import { executionReaching, executionSucceededThrough } from '../support/execution-by-id';
import { apiRequestsSince, bodyField, generationStarts } from '../support/sandbox-log';
import { waitUntil } from '../support/wait-until';
import { postToWebhook } from '../support/webhook-call';
import { deliveriesFor } from '../support/webhook-deliveries';
import { callbackWaitPath, callbackWaitWorkflow, pausingNodeName } from '../workflows/callback-wait';
import { nodeId } from '../workflows/nodes';

/** Long enough to see the execution waiting before the service calls back. */
const slowGenerationMs = 8_000;

export const callbackWaitScenario: Scenario = {
	name: 'pause until the service calls back',
	workflows: [callbackWaitWorkflow],
	async run({ instance, api, sandbox }) {
		const since = Date.now();
		sandbox.configure({ timings: { generationMs: slowGenerationMs } });
		let resumeUrl: string;
		let waiting: Execution;
		try {
			const answer = await postToWebhook(instance, callbackWaitPath, { prompt: 'Meet our support team', duration: 10 });
			assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
			const start = await waitUntil(
				'the generation start',
				() => generationStarts(apiRequestsSince(sandbox, since))[0],
				30_000,
			);
			resumeUrl = String(bodyField(start, 'webhook_url'));
			// The paused node's own resume address, on the instance's 127.0.0.1 base URL.
			const { executionId, nodeId: addressed } = callbackAddress(resumeUrl, instance.baseUrl);
			assert.equal(addressed, nodeId(pausingNodeName), 'the address names the paused node');
			waiting = await executionReaching(api, executionId, 'waiting', slowGenerationMs);
		} finally {
			// A job keeps the timing it started with; later scenarios get the usual one.
			sandbox.configure({ timings: e2eSandboxOptions.timings });
		}

		const finished = await executionSucceededThrough(api, String(waiting.id), pausingNodeName, slowGenerationMs + 60_000);
		const [output] = nodeOutputJson(finished, pausingNodeName);
		assert.equal(output.status, 'completed');
		assert.match(String(output.jobId), /^run_[0-9a-f]{12}$/);
		assert.equal(output.videoId, String(output.jobId).replace('run_', 'vid_'));

		const [callback] = await deliveriesFor(sandbox, String(output.jobId), 1);
		assert.equal(callback.url, resumeUrl);
		assert.equal(callback.status, 200, 'n8n accepted the callback on the resume URL');
		const pollsBeforeCallback = apiRequestsSince(sandbox, since).filter(
			(request) => request.path.endsWith(`/generation/status/${String(output.jobId)}`) && request.at < callback.at,
		);
		assert.equal(pollsBeforeCallback.length, 0, 'nothing polled while the execution waited');
	},
};
