import { timingSafeEqual } from 'crypto';

import { WAITING_TOKEN_QUERY_PARAM } from 'n8n-core';
import { deepCopy } from 'n8n-workflow';
import type { IRun, IRunExecutionData } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { findExecution } from './execution-store';
import type { StoredExecution } from './execution-store';
import { getNodeWebhooks } from './node-webhooks';
import type { WorkflowRunResult } from './run-result';
import { startExecution } from './start-execution';
import { answerWebhook, invokeWebhook } from './webhook-call';
import type { HarnessRequest, HarnessResponse } from './webhook-http';
import { createWorkflow } from './workflow-factory';

function reject(res: HarnessResponse, status: number, message: string): undefined {
	res.status(status).json({ code: status, message });
	return undefined;
}

function hasValidToken(req: HarnessRequest, run: IRun): boolean {
	const stored = run.data.resumeToken;
	if (!stored) return true;
	const given = req.query[WAITING_TOKEN_QUERY_PARAM];
	if (typeof given !== 'string' || given.length !== stored.length) return false;
	return timingSafeEqual(new Uint8Array(Buffer.from(given)), new Uint8Array(Buffer.from(stored)));
}

/** Why n8n would refuse to resume this execution, as an HTTP status and message. */
function refusal(executionId: string, stored?: StoredExecution): [number, string] | undefined {
	if (!stored?.run) return [404, `The execution "${executionId}" does not exist.`];
	if (stored.status === 'running') return [409, `The execution "${executionId}" is running already.`];
	if (stored.run.data.resultData.error) return [409, `The execution "${executionId}" has finished with error.`];
	if (stored.status !== 'waiting') return [409, `The execution "${executionId}" has finished already.`];
	return undefined;
}

/**
 * What n8n's WaitingWebhooks does for a call to `$execution.resumeUrl`: checks the
 * `signature` token and the execution's state, runs the waiting node's restart webhook
 * (`restartWebhook: true` in its description) with the request, answers the caller, then
 * continues the saved execution from that node with the webhook's items as the node's output.
 * Resolves with the finished resumed execution, or undefined when the call was refused.
 */
export async function handleWaitingWebhook(
	req: HarnessRequest,
	res: HarnessResponse,
	executionId: string,
	suffix = '',
): Promise<WorkflowRunResult | undefined> {
	const stored = findExecution(executionId);
	if (stored?.run && !hasValidToken(req, stored.run)) return reject(res, 401, 'Invalid token');
	const refused = refusal(executionId, stored);
	if (refused || !stored?.run) return reject(res, ...(refused ?? [404, 'Not found']));
	const { setup } = stored;

	// The execution as n8n reads it back from the database: a copy, not the live objects.
	const runExecutionData = deepCopy(stored.run.data) as IRunExecutionData;
	const lastNodeExecuted = runExecutionData.resultData.lastNodeExecuted!;
	const waitingEntry = runExecutionData.executionData!.nodeExecutionStack[0];
	// Disabled so the node passes the webhook's items on instead of starting the wait again.
	waitingEntry.node.disabled = true;
	runExecutionData.waitTill = undefined;
	runExecutionData.resultData.runData[lastNodeExecuted].pop();

	const workflow = createWorkflow(setup);
	const additionalData = buildAdditionalData({
		executionId,
		workflow,
		mode: setup.mode,
		credentialsHelper: setup.credentialsHelper,
		...setup.urls,
	});
	const node = workflow.nodes[lastNodeExecuted];
	const webhookData = getNodeWebhooks(workflow, node, additionalData).find(
		(webhook) =>
			webhook.httpMethod === req.method &&
			webhook.path === suffix &&
			webhook.webhookDescription.restartWebhook === true &&
			webhook.webhookDescription.nodeType !== 'form',
	);
	if (!webhookData) {
		return reject(
			res,
			404,
			`The workflow for execution "${executionId}" does not contain a waiting webhook with a matching path/method.`,
		);
	}

	const call = { workflow, node, webhookData, additionalData, mode: setup.mode, runExecutionData, req, res };
	const { data } = await invokeWebhook(call);
	if (!data) return undefined;
	if (data.workflowData === undefined) {
		answerWebhook(call, data);
		return undefined;
	}

	waitingEntry.data.main = data.workflowData;
	waitingEntry.metadata = { ...waitingEntry.metadata, forwardAllOutputs: true };
	const running = await startExecution(setup, () => runExecutionData, { resumed: true });
	// n8n answers an onReceived restart webhook once the resumed run has started.
	answerWebhook(call, data);
	return await running.result;
}
