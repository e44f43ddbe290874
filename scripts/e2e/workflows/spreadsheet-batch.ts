import {
	convertToCsvNode,
	extractCsvNode,
	presenterVideoNode,
	readFileNode,
	setNode,
	webhookNode,
	writeFileNode,
} from './nodes';
import { linearWorkflow } from './workflow-json';

export const spreadsheetWorkflowId = 'E2eSpreadsheet01';
export const spreadsheetPath = 'e2e-spreadsheet';
export const generateNodeName = 'Generate videos';

/**
 * Reads a CSV of `topic,duration` rows from `body.inputPath`, generates one video per row (all
 * waited for side by side), and writes `topic,jobId,videoId,status,duration` rows to `body.outputPath`.
 */
export const spreadsheetWorkflow = linearWorkflow(spreadsheetWorkflowId, 'E2E: spreadsheet to videos', [
	webhookNode(spreadsheetPath, '0c1d2e3f-0003-4a00-8000-00000000e2e3', { mode: 'lastNode', data: 'firstEntryJson' }),
	readFileNode('Read spreadsheet', '={{ $json.body.inputPath }}'),
	extractCsvNode('Rows'),
	presenterVideoNode(generateNodeName, {
		resource: 'video',
		operation: 'generate',
		inputMethod: 'prompt',
		prompt: '={{ $json.topic }}',
		duration: '={{ $json.duration }}',
		format: 'vertical',
		waitForCompletion: 'poll',
		simplify: true,
		options: { pollingIntervalSeconds: 1, maxWaitMinutes: 5 },
	}),
	setNode('Result row', [
		// Paired items lead each result back to the row it came from.
		['topic', 'string', "={{ $('Rows').item.json.topic }}"],
		['jobId', 'string', '={{ $json.jobId }}'],
		['videoId', 'string', '={{ $json.videoId }}'],
		['status', 'string', '={{ $json.status }}'],
		['duration', 'number', '={{ $json.duration }}'],
	]),
	convertToCsvNode('Results spreadsheet', 'results.csv'),
	writeFileNode('Write results', "={{ $('Webhook').first().json.body.outputPath }}"),
]);
