/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedRequest } from '../../../test/sandbox';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { executionReaching } from '../support/execution-by-id';
import { executionErrorText, finishedExecutions } from '../support/executions';
import { n8nLogEnd, n8nLogText } from '../support/n8n-log';
import { nodeHints } from '../support/node-runs';
import { generationJobExists } from '../support/sandbox-jobs';
import { apiRequestsSince, bodyField, generationStarts } from '../support/sandbox-log';
import { waitUntil } from '../support/wait-until';
import { postToWebhook } from '../support/webhook-call';
import { promptBatchNodeName } from '../workflows/prompt-batch';
import { secondSpaceCredentialExport, stoppedStarts, stoppedStartsPromptLabel } from '../workflows/stopped-starts';

const items = 6;
/** The first start goes alone, the next two once it is answered: the stop finds two in flight and three queued. */
const stopAfterStarts = 3;
const startAnswerMs = 3_000;

const promptOf = (itemIndex: number) => `${stoppedStartsPromptLabel} ${itemIndex + 1}`;

/**
 * A person stops an execution while the node's starts are on their way (n8n's REST stop, as the
 * editor's Stop button). n8n puts the execution's cancel signal over every request's own signal
 * (`httpRequestWithAuthentication`, 2.41.1 and 1.123.81); the node hands n8n a view of its context
 * whose cancel signal is the request's (`transport/apiRequest.ts`), so a start already sent is
 * answered and its job kept, and a run again with the same Idempotency Keys reuses it. Without
 * that view n8n cuts the starts in flight: billed, their jobs unknown, the run again fails on them.
 *
 * What n8n saves of the stopped execution holds none of the node's error (the jobs it names):
 * 2.41.1 saves the execution as loaded when the stop came, with n8n's own "cancelled manually"
 * error and no node's run; 1.123.81 the nodes that had ended by then. So the jobs reach the user
 * in n8n's log, where the node writes them in one warn line (`jobs/cancelLog.ts`), and in the
 * run again's output, not in the stopped execution.
 */
export const stoppedStartsScenario: Scenario = {
	name: 'stopped while starts are in flight',
	workflows: [stoppedStarts.workflow],
	credentials: (sandbox) => [secondSpaceCredentialExport(sandbox)],
	async run({ instance, api, sandbox }) {
		const workflowId = stoppedStarts.workflow.id;
		const editor = await instance.login();
		const since = Date.now();
		const logFrom = n8nLogEnd(instance);
		const starts = () =>
			generationStarts(apiRequestsSince(sandbox, since)).filter((request) => request.apiKey === sandbox.keys.other);
		let sent: RecordedRequest[];
		let stoppedId: string;
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'slow', delayMs: startAnswerMs }] });
		try {
			const answer = await postToWebhook(instance, stoppedStarts.path, { count: items });
			assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
			await waitUntil(`${stopAfterStarts} starts`, () => (starts().length >= stopAfterStarts ? true : undefined), 60_000, 50);
			const [running] = await api.listExecutions({ workflowId, status: 'running' });
			assert.ok(running !== undefined, 'the execution runs');
			stoppedId = String(running.id);
			await editor.stopExecution(running.id);
			sent = starts();
			const inFlight = sent.filter((request) => request.status === 0).length;
			assert.ok(inFlight > 0 && sent.length < items, `the stop found starts in flight (${inFlight}) and queued (${items - sent.length})`);
			await executionReaching(api, String(running.id), 'canceled', 30_000);
			// The answers in flight come within startAnswerMs; a queued start that the stop left would go right after them.
			await sleep(startAnswerMs + 1_000);
		} finally {
			sandbox.configure({ faults: [] });
		}
		assert.deepEqual(
			sent.map((request) => request.status),
			sent.map(() => 200),
			'the service answered every start that reached it: none was cut off by the stop',
		);
		assert.equal(starts().length, sent.length, 'no queued start was sent after the stop');

		// n8n's log holds every job the service accepted before the stop, in the node's one line about the run.
		const accepted = sent.map((request) => request.jobId);
		assert.ok(accepted.every((jobId) => jobId !== undefined), `the service named a job for every start: ${accepted.join(', ')}`);
		const reportOf = () =>
			n8nLogText(instance, logFrom)
				.split('\n')
				.filter((line) => line.includes(`Presenter Video node "${promptBatchNodeName}"`));
		const [report] = await waitUntil("the node's line in n8n's log", () => (reportOf().length > 0 ? reportOf() : undefined), 30_000);
		assert.equal(reportOf().length, 1, `one line about the stopped run:\n${reportOf().join('\n')}`);
		assert.ok(report.includes(`workflow ${workflowId}, execution ${stoppedId}`), `the line names the run: ${report}`);
		for (const jobId of accepted) assert.ok(report.includes(`${jobId} (generation, item `), `n8n's log names ${jobId}: ${report}`);
		const log = n8nLogText(instance);
		for (const key of Object.values(sandbox.keys)) assert.ok(!log.includes(key), "n8n's log holds no API key");

		// Run again with the same items: the jobs of the stopped execution are reused, the rest started once.
		const again = await postToWebhook(instance, stoppedStarts.path, { count: items });
		assert.equal(again.status, 200);
		const [stopped, rerun] = await finishedExecutions(api, workflowId, 2);
		assert.equal(rerun.status, 'success', `the run again succeeds:\n${executionErrorText(rerun)}`);
		const outputs = nodeOutputJson(rerun, promptBatchNodeName);
		// The keys of the starts the stop kept from going out started nothing: no hint says they did.
		const hints = nodeHints(rerun, promptBatchNodeName);
		assert.ok(!hints.some((hint) => hint.includes('no longer holds')), `no hint of a key that started a job:\n${hints.join('\n')}`);
		const startedBeforeStop = new Set(sent.map((request) => bodyField(request, 'prompt')));
		assert.deepEqual(
			outputs.map((output, itemIndex) => [promptOf(itemIndex), output.reusedJob ?? 'started']),
			outputs.map((_, itemIndex) => [promptOf(itemIndex), startedBeforeStop.has(promptOf(itemIndex)) ? 'idempotencyKey' : 'started']),
			'every job started before the stop is reused, every other item started anew',
		);
		const jobIds = outputs.map((output) => String(output.jobId));
		assert.equal(new Set(jobIds).size, items, `one job per item: ${jobIds.join(', ')}`);
		for (const jobId of jobIds) assert.ok(await generationJobExists(sandbox, sandbox.keys.other, jobId), `the service holds ${jobId}`);
		const prompts = starts().map((request) => bodyField(request, 'prompt'));
		assert.deepEqual([...prompts].sort(), outputs.map((_, itemIndex) => promptOf(itemIndex)).sort(), 'each item started once');

		// What n8n kept of the stopped execution, read once its node has long ended.
		assert.equal(stopped.status, 'canceled');
		const savedErrors = executionErrorText(stopped);
		assert.ok(
			!savedErrors.includes('waiting for the service') && jobIds.every((jobId) => !savedErrors.includes(jobId)),
			`n8n saved none of the node's error for a stopped execution:\n${savedErrors}`,
		);
	},
};
