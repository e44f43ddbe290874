/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputItems, nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { executionSucceededThrough } from '../support/execution-by-id';
import { acknowledgeFormEnding, nextFormPage, submitForm } from '../support/form-client';
import { escapeHtml } from '../support/html';
import { bodyField } from '../support/sandbox-log';
import { reviewFormPath, scriptReviewVariant } from '../workflows/example-variants';

/** The example, filled in as a person would in the browser: request, review and edit, done. */
export const exampleScriptReviewScenario: Scenario = {
	name: 'example: form, reviewed script, video',
	workflows: [scriptReviewVariant],
	async run({ instance, api, sandbox }) {
		const since = Date.now();
		const topic = 'A 20-second welcome to our bakery';
		const reviewUrl = await submitForm(`${instance.baseUrl}/form/${reviewFormPath}`, [topic, '20']);
		const reviewPage = await nextFormPage(reviewUrl, 30_000);

		const executionId = /\/form-waiting\/(\d+)/.exec(reviewUrl)?.[1];
		assert.ok(executionId !== undefined, `not a form-waiting URL: ${reviewUrl}`);
		const [written] = nodeOutputJson(await api.getExecution(executionId), 'Write script');
		const script = String(written.script);
		assert.ok(reviewPage.includes('Review the script'), 'the review page is shown');
		assert.ok(reviewPage.includes(escapeHtml(script.slice(0, 60))), 'the review page offers the generated script');

		const editedScript = `${script} Thanks for watching, and see you at the counter.`;
		const endUrl = await submitForm(reviewUrl, [editedScript]);
		const endPage = await nextFormPage(endUrl, 60_000);
		assert.ok(endPage.includes('Your video is in Google Drive'), 'the form ends on the completion page');
		await acknowledgeFormEnding(endUrl);

		const finished = await executionSucceededThrough(api, executionId, 'Export MP4', 30_000);
		const [download] = nodeOutputItems(finished, 'Download MP4');
		assert.equal(download.binary?.data?.mimeType, 'video/mp4');
		assert.ok(endPage.includes(escapeHtml(`https://drive.example.invalid/${String(download.json.fileName)}`)));

		const requests = sandbox.requests.filter((request) => request.at >= since && request.method !== 'GET');
		const endpoint = (suffix: string) => requests.find((request) => request.path.endsWith(suffix));
		const scriptRequest = endpoint('/script/generate');
		const generationStart = endpoint('/generation/start');
		assert.ok(scriptRequest !== undefined && generationStart !== undefined, 'script and video were requested');
		assert.equal(bodyField(scriptRequest, 'prompt'), topic);
		assert.equal(bodyField(scriptRequest, 'duration'), 20);
		assert.equal(bodyField(generationStart, 'script'), editedScript, 'the video speaks the reviewed script');
		assert.equal(bodyField(generationStart, 'voice_id'), 'voice_olivia_en_us');
		const [exported] = nodeOutputJson(finished, 'Export MP4');
		assert.equal(exported.status, 'completed');
		const mp4Download = sandbox.requests.find((request) => request.path === `/videos/${String(exported.jobId)}.mp4`);
		assert.equal(mp4Download?.status, 200, 'the MP4 was downloaded from storage');
	},
};
