/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../scenario';
import { e2eSandboxOptions } from '../sandbox-settings';
import { parseCsv, toCsv } from '../support/csv';
import { finishedExecutions } from '../support/executions';
import { apiRequestsSince, bodyField, generationStarts } from '../support/sandbox-log';
import { postToWebhook } from '../support/webhook-call';
import { spreadsheetPath, spreadsheetWorkflow, spreadsheetWorkflowId } from '../workflows/spreadsheet-batch';

const rows: Array<[topic: string, duration: number]> = [
	['Three reasons to drink more water', 10],
	['How solar panels turn light into power', 15],
	['A quick tour of our new office', 20],
	['Five tips for better sleep', 25],
	['What is new in our spring collection', 30],
];

export const spreadsheetBatchScenario: Scenario = {
	name: 'spreadsheet of 5 rows to 5 videos',
	workflows: [spreadsheetWorkflow],
	async run({ instance, api, sandbox, workDir }) {
		const inputPath = path.join(workDir, 'video-ideas.csv');
		const outputPath = path.join(workDir, 'video-results.csv');
		fs.writeFileSync(inputPath, toCsv(['topic', 'duration'], rows));
		const since = Date.now();

		const answer = await postToWebhook(instance, spreadsheetPath, { inputPath, outputPath }, 180_000);
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const [execution] = await finishedExecutions(api, spreadsheetWorkflowId, 1);
		assert.equal(execution.status, 'success');

		const results = parseCsv(fs.readFileSync(outputPath, 'utf8'));
		assert.equal(results.length, rows.length, 'one result row per input row');
		results.forEach((result, index) => {
			const [topic, duration] = rows[index];
			assert.equal(result.topic, topic, `row ${index + 1} keeps its topic and its place`);
			assert.equal(result.status, 'completed');
			assert.match(result.jobId, /^run_[0-9a-f]{12}$/);
			assert.equal(result.videoId, result.jobId.replace('run_', 'vid_'));
			assert.equal(Number(result.duration), duration);
		});
		assert.equal(new Set(results.map((result) => result.jobId)).size, rows.length, 'five distinct jobs');

		// Side by side: every job was started before the first one could have completed.
		const starts = generationStarts(apiRequestsSince(sandbox, since));
		assert.equal(starts.length, rows.length, 'exactly one start per row');
		assert.deepEqual(starts.map((start) => bodyField(start, 'prompt')).sort(), rows.map(([topic]) => topic).sort());
		const firstCompletion =
			Math.min(...starts.map((start) => start.at)) + (e2eSandboxOptions.timings?.generationMs ?? 0);
		const lastStart = Math.max(...starts.map((start) => start.at));
		assert.ok(lastStart < firstCompletion, `last start ${lastStart - firstCompletion} ms after the first completion`);
	},
};
