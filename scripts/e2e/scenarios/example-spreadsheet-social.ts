/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Scenario } from '../scenario';
import { apiRequestsSince, bodyField, generationStarts } from '../support/sandbox-log';
import { sheetToSocialVariant, spreadsheetRowsForVariant } from '../workflows/example-variants';
import type { NodeParameters } from '../workflows/workflow-json';

interface RunItem {
	json: Record<string, unknown>;
	binary?: Record<string, { mimeType?: string; fileName?: string }>;
}

interface CliRunData {
	data: {
		resultData: { runData: Record<string, Array<{ data: { main: RunItem[][] } }>>; error?: { message?: string } };
	};
}

function outputOf(run: CliRunData, nodeName: string): RunItem[] {
	const runs = run.data.resultData.runData[nodeName];
	assert.ok(runs !== undefined && runs.length > 0, `node "${nodeName}" did not run`);
	return runs[runs.length - 1].data.main[0];
}

/** Run as a user would with "Execute workflow": the Manual Trigger, through `n8n execute`. */
export const exampleSpreadsheetSocialScenario: Scenario = {
	name: 'example: rows to videos to a social post',
	workflows: [],
	inactiveWorkflows: [sheetToSocialVariant],
	async run({ instance, sandbox }) {
		const since = Date.now();
		const run = (await instance.executeWorkflowCli(sheetToSocialVariant.id, 180_000)) as CliRunData;
		assert.equal(run.data.resultData.error, undefined, run.data.resultData.error?.message);

		const videos = outputOf(run, 'Create video');
		const posts = outputOf(run, 'Post to YouTube').map((item) => item.json);
		assert.equal(videos.length, spreadsheetRowsForVariant.length, 'one video per row');
		spreadsheetRowsForVariant.forEach((row, index) => {
			assert.equal(videos[index].json.status, 'completed');
			assert.equal(videos[index].binary?.data?.mimeType, 'video/mp4');
			assert.equal(posts[index].title, row.topic, 'each post is titled with its row');
			assert.equal(posts[index].videoFile, videos[index].binary?.data?.fileName, 'and carries its own MP4');
			assert.ok(String(posts[index].description).endsWith('#Shorts'));
		});

		const { options } = sheetToSocialVariant.nodes.find((node) => node.name === 'Create video')?.parameters ?? {};
		const { maxCredits } = (options ?? {}) as NodeParameters;
		const estimate = videos.reduce((sum, video) => sum + Number(video.json.estimatedCredits), 0);
		assert.ok(typeof maxCredits === 'number' && estimate <= maxCredits, `the rows (${estimate} credits) fit the cap`);

		const starts = generationStarts(apiRequestsSince(sandbox, since));
		assert.deepEqual(
			starts.map((start) => [bodyField(start, 'prompt'), bodyField(start, 'duration')]).sort(),
			spreadsheetRowsForVariant.map((row) => [row.topic, row.duration]).sort(),
		);
	},
};
