/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputItems } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { finishedExecutions } from '../support/executions';
import { apiRequestsSince, bodyField, generationStarts } from '../support/sandbox-log';
import { loadExample } from '../workflows/examples';

/** The example exactly as a user imports it, under an id of its own so it does not clash with the file's. */
const asImported = { ...loadExample('spreadsheet-to-social.json'), id: 'E2eExSheetAsIs01' };

/**
 * "Execute Workflow" in the editor, as the editor asks for it: a manual run from the Manual
 * Trigger, which uses the pinned data of the nodes of other services instead of running them.
 * 2.x runs the stored workflow; 1.x runs the workflow the request carries.
 */
export const exampleSpreadsheetEditorScenario: Scenario = {
	name: 'example: rows to videos, as imported, from the editor',
	workflows: [],
	inactiveWorkflows: [asImported],
	async run({ instance, api, sandbox }) {
		const since = Date.now();
		const session = await instance.login();
		await session.postJson(`/rest/workflows/${asImported.id}/run`, {
			workflowData: asImported,
			triggerToStartFrom: { name: 'Start' },
		});
		const [execution] = await finishedExecutions(api, asImported.id, 1, 240_000);
		assert.equal(execution.mode, 'manual');
		assert.equal(execution.status, 'success');

		const pinned = asImported.pinData ?? {};
		const rows = nodeOutputItems(execution, 'Read video ideas').map((item) => item.json);
		assert.deepEqual(
			rows,
			pinned['Read video ideas'].map((item) => item.json),
			'the sheet gives its pinned rows',
		);
		const videos = nodeOutputItems(execution, 'Create video');
		assert.equal(videos.length, rows.length, 'one video per row');
		for (const video of videos) {
			assert.equal(video.json.status, 'completed');
			assert.equal(video.binary?.data?.mimeType, 'video/mp4');
		}
		const posts = nodeOutputItems(execution, 'Post to YouTube').map((item) => item.json);
		assert.deepEqual(
			posts,
			pinned['Post to YouTube'].map((item) => item.json),
			'YouTube gives its pinned answers',
		);

		const starts = generationStarts(apiRequestsSince(sandbox, since));
		assert.deepEqual(
			starts.map((start) => bodyField(start, 'prompt')).sort(),
			rows.map((row) => row.topic).sort(),
			'one start per row, nothing else',
		);
	},
};
