/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { nodeOutputItems } from '../support/execution-items';
import { finishedExecutions } from '../support/executions';
import { sandboxPost, type StartedJob } from '../support/sandbox-api';
import { generatedVideoId } from '../support/sandbox-jobs';
import { deliveriesFor } from '../support/webhook-deliveries';
import { exportNotifyTriggerPath, exportNotifyVariant } from '../workflows/example-variants';

/** The example's trigger, active, receiving the export callback of a video made elsewhere. */
export const exampleExportNotifyScenario: Scenario = {
	name: 'example: export completed, email the video',
	workflows: [exportNotifyVariant],
	async run({ instance, api, sandbox }) {
		const videoId = await generatedVideoId(sandbox, 'Our new delivery area');
		const exportJob = await sandboxPost<StartedJob>(sandbox, '/export/start', {
			video_id: videoId,
			webhook_url: instance.webhookUrl(exportNotifyTriggerPath),
		});
		await deliveriesFor(sandbox, exportJob.job_id, 1 + (e2eSandboxOptions.duplicateDeliveries ?? 0));
		const [execution] = await finishedExecutions(api, exportNotifyVariant.id, 1);
		assert.equal(execution.status, 'success');

		const [event] = nodeOutputItems(execution, 'Export completed');
		assert.equal(event.json.jobId, exportJob.job_id);
		assert.equal(event.json.confirmed, true);
		assert.equal(event.binary?.data?.mimeType, 'video/mp4', 'the MP4 arrives with the event');
		const [email] = nodeOutputItems(execution, 'Email the video').map((item) => item.json);
		const videoUrl = `${sandbox.storageUrl}/videos/${exportJob.job_id}.mp4`;
		assert.equal(email.subject, `Your presenter video is ready (${exportJob.job_id})`);
		assert.ok(String(email.text).includes(`Download link (valid for 7 days): ${videoUrl}`), String(email.text));
		assert.equal(email.attachment, `${exportJob.job_id}.mp4`);

		await sleep(1_000);
		const all = await api.listExecutions({ workflowId: exportNotifyVariant.id, includeData: false });
		assert.equal(all.length, 1, 'one email per export, whatever the number of deliveries');
	},
};
