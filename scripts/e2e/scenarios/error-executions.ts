/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Scenario } from '../scenario';
import { executionErrorText, finishedExecutions } from '../support/executions';
import { apiRequestsSince, polledGenerationJobIds } from '../support/sandbox-log';
import { postToWebhook } from '../support/webhook-call';
import { failingInputsPath, failingInputsWorkflow, failingInputsWorkflowId } from '../workflows/failing-inputs';

export const errorExecutionsScenario: Scenario = {
	name: 'failed job and invalid input',
	workflows: [failingInputsWorkflow],
	async run({ instance, api, sandbox }) {
		// A job the service fails: the error names the job and the service's code.
		let since = Date.now();
		const failing = await postToWebhook(instance, failingInputsPath, {
			prompt: 'A video that cannot be voiced [sandbox:fail=VOICE_GENERATION_FAILED]',
			duration: 10,
		});
		assert.notEqual(failing.status, 200, 'a failed workflow is not answered as a success');
		const [failedRun] = await finishedExecutions(api, failingInputsWorkflowId, 1);
		assert.equal(failedRun.status, 'error');
		// Another scenario's late callback may read its own job meanwhile: the error names one of those read.
		const polled = polledGenerationJobIds(apiRequestsSince(sandbox, since));
		const failedText = executionErrorText(failedRun);
		const jobId = polled.find((id) => failedText.includes(id));
		assert.ok(jobId !== undefined, `the error names a job the node started and polled (${polled.join(', ')}):\n${failedText}`);
		assert.ok(failedText.includes('VOICE_GENERATION_FAILED'), `the error names the code:\n${failedText}`);

		// A duration below the service's minimum: refused before anything is sent.
		since = Date.now();
		const invalid = await postToWebhook(instance, failingInputsPath, { prompt: 'Too short to make', duration: 5 });
		assert.notEqual(invalid.status, 200);
		const executions = await finishedExecutions(api, failingInputsWorkflowId, 2);
		const invalidRun = executions[1];
		assert.equal(invalidRun.status, 'error');
		const invalidText = executionErrorText(invalidRun);
		assert.ok(invalidText.includes('Duration (Seconds)'), `the error names the field:\n${invalidText}`);
		assert.deepEqual(
			apiRequestsSince(sandbox, since).map((request) => `${request.method} ${request.path}`),
			[],
			'no request reached the service',
		);
	},
};
