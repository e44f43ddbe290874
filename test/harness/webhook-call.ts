import { WebhookContext } from 'n8n-core';
import { isNodeClassInstance } from 'n8n-workflow';
import type {
	INode,
	IRunExecutionData,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { HarnessRequest, HarnessResponse } from './webhook-http';

export interface WebhookCall {
	workflow: Workflow;
	node: INode;
	webhookData: IWebhookData;
	additionalData: IWorkflowExecuteAdditionalData;
	mode: WorkflowExecuteMode;
	/** Set when the webhook resumes a waiting execution (the node's input is then available). */
	runExecutionData: IRunExecutionData | null;
	req: HarnessRequest;
	res: HarnessResponse;
}

function describedValue<T>(call: WebhookCall, key: string, fallback: T): T {
	const value = call.webhookData.webhookDescription[key];
	return call.workflow.expression.getSimpleParameterValue(
		call.node,
		value as string | boolean | undefined,
		call.mode,
		{},
		undefined,
		fallback as string | boolean | undefined,
	) as T;
}

function reply(res: HarnessResponse, status: number, body: unknown) {
	if (res.headersSent) return;
	res.status(status);
	if (body === undefined) res.end();
	else res.send(body);
}

export interface WebhookOutcome {
	/** What `webhook()` returned. */
	data?: IWebhookResponseData;
	/** What `webhook()` threw; the caller then got n8n's generic 500. */
	error?: Error;
}

/**
 * Runs the node's `webhook()` with n8n-core's real WebhookContext, as n8n's WebhookService
 * does. When the node throws, answers 500 with n8n's generic message.
 */
export async function invokeWebhook(call: WebhookCall): Promise<WebhookOutcome> {
	const { workflow, node, additionalData, mode, webhookData, runExecutionData, req, res } = call;
	additionalData.httpRequest = req as unknown as IWorkflowExecuteAdditionalData['httpRequest'];
	additionalData.httpResponse = res as unknown as IWorkflowExecuteAdditionalData['httpResponse'];
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	if (!nodeType.webhook) throw new Error(`Node "${node.name}" has no webhook() method`);

	const context = new WebhookContext(workflow, node, additionalData, mode, webhookData, [], runExecutionData);
	await workflow.expression.acquireIsolate();
	try {
		const data = isNodeClassInstance(nodeType)
			? await nodeType.webhook!(context)
			: ((await nodeType.webhook.call(context)) as IWebhookResponseData);
		return { data };
	} catch (error) {
		reply(res, 500, { code: 500, message: 'Workflow Webhook Error: Workflow could not be started!' });
		return { error: error as Error };
	} finally {
		await workflow.expression.releaseIsolate();
	}
}

/** Answers the request from what `webhook()` returned, as n8n does in `onReceived` mode. */
export function answerWebhook(call: WebhookCall, data: IWebhookResponseData) {
	const { res } = call;
	if (data.noWebhookResponse) {
		if (!res.writableEnded) {
			throw new Error('webhook() returned noWebhookResponse but did not end the response');
		}
		return;
	}
	const responseCode = describedValue(call, 'responseCode', 200);
	if (data.workflowData === undefined) {
		reply(res, responseCode, data.webhookResponse ?? { message: 'Webhook call received' });
		return;
	}
	const responseMode = describedValue(call, 'responseMode', 'onReceived');
	if (responseMode !== 'onReceived') {
		throw new Error(`responseMode "${responseMode}" is not supported by the harness (only onReceived)`);
	}
	const responseData = describedValue<string | undefined>(call, 'responseData', undefined);
	if (responseData === 'noData') reply(res, responseCode, undefined);
	else reply(res, responseCode, responseData || (data.webhookResponse ?? { message: 'Workflow was started' }));
}
