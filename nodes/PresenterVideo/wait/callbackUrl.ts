import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

/**
 * How a callback finds the node that started its job. n8n resumes a waiting execution at
 * `/webhook-waiting/<executionId>[/<path>]` and hands the call to the waiting node's restart webhook
 * whose path equals `<path>` (n8n 2.41.1 and 1.123.81, `webhooks/waiting-webhooks.js`). The node's
 * webhook declares its node id as that path, as n8n's own send-and-wait nodes do, and every job's
 * webhook is this address: a call reaches this node only while it waits, and never a Wait node, a
 * form or another node waiting later in the same execution (n8n answers such a call itself).
 */
export const CALLBACK_WEBHOOK_PATH = '={{ $nodeId }}';

/** The waiting-webhook query parameter that carries the execution's resume token (n8n 2.x). */
const RESUME_TOKEN_PARAM = 'signature';

function executionResumeUrl(context: IExecuteFunctions | IWebhookFunctions): URL {
	return new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
}

/**
 * This node's resume address: the execution's resume URL with the node id as its path. n8n 2.x
 * keeps the execution's resume token in the query, where it checks it.
 */
export function nodeCallbackUrl(context: IExecuteFunctions | IWebhookFunctions): string {
	const url = executionResumeUrl(context);
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(context.getNode().id)}`;
	return url.toString();
}

/**
 * Whether n8n checked the caller: n8n 2.x gives every execution a resume token and refuses a
 * waiting-webhook call without it, so a call that reached the node came from whoever was handed the
 * address. n8n 1.x has no token for this kind of node and resumes on any call (checked in 2.41.1
 * and 1.123.81; the end-to-end pause scenarios count status reads on both).
 */
export function n8nVouchesForCallbacks(context: IExecuteFunctions | IWebhookFunctions): boolean {
	return executionResumeUrl(context).searchParams.has(RESUME_TOKEN_PARAM);
}
