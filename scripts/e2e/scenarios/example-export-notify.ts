/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeOutputItems } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { finishedExecutions } from '../support/executions';
import { sandboxPost, type StartedJob } from '../support/sandbox-api';
import { deliveriesFor } from '../support/webhook-deliveries';
import { exportNotifyTriggerPath, exportNotifyVariant } from '../workflows/example-variants';

/** The example's trigger, active, receiving the callback of a generation made elsewhere; the workflow exports and emails it. */
export const exampleExportNotifyScenario: Scenario = {
	name: 'example: video generated, export and email it',
	workflows: [exportNotifyVariant],
	async run({ instance, api, sandbox }) {
		const generation = await sandboxPost<StartedJob>(sandbox, '/generation/start', {
			prompt: 'Our new delivery area',
			duration: 10,
			webhook_url: instance.webhookUrl(exportNotifyTriggerPath),
		});
		await deliveriesFor(sandbox, generation.job_id, 1 + (e2eSandboxOptions.duplicateDeliveries ?? 0));
		const [execution] = await finishedExecutions(api, exportNotifyVariant.id, 1);
		assert.equal(execution.status, 'success');

		const [event] = nodeOutputItems(execution, 'Video generated');
		assert.equal(event.json.jobId, generation.job_id);
		assert.equal(event.json.confirmed, true);
		const [exported] = nodeOutputItems(execution, 'Export the video');
		const exportJobId = String(exported.json.jobId);
		assert.equal(exported.json.videoId, event.json.videoId);
		const [downloaded] = nodeOutputItems(execution, 'Download the video');
		assert.equal(downloaded.binary?.data?.mimeType, 'video/mp4', 'the MP4 arrives with the item');
		const [email] = nodeOutputItems(execution, 'Email the video').map((item) => item.json);
		const videoUrl = `${sandbox.storageUrl}/videos/${exportJobId}.mp4`;
		assert.equal(email.subject, `Your presenter video is ready (${exportJobId})`);
		assert.ok(String(email.text).includes(`Download link (valid for 7 days): ${videoUrl}`), String(email.text));
		assert.equal(email.attachment, `${exportJobId}.mp4`);

		await sleep(1_000);
		const all = await api.listExecutions({ workflowId: exportNotifyVariant.id, includeData: false });
		assert.equal(all.length, 1, 'one email per video, whatever the number of deliveries');
	},
};
