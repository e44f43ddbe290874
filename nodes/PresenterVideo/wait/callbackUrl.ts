import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

/**
 * n8n hands `/webhook-waiting/<executionId>/<path>` to the waiting node whose restart webhook has
 * that path (2.41.1 and 1.123.81, `webhooks/waiting-webhooks.js`). The path is the node id, as in
 * n8n's send-and-wait nodes: a callback reaches this node only while it waits, never a Wait node or
 * another node waiting later in the execution.
 */
export const CALLBACK_WEBHOOK_PATH = '={{ $nodeId }}';

/** The waiting-webhook query parameter that carries the execution's resume token (n8n 2.x). */
const RESUME_TOKEN_PARAM = 'signature';

function executionResumeUrl(context: IExecuteFunctions | IWebhookFunctions): URL {
	return new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
}

/** The execution's resume URL (with n8n 2.x's token in its query), the node id as its path. */
export function nodeCallbackUrl(context: IExecuteFunctions | IWebhookFunctions): string {
	const url = executionResumeUrl(context);
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(context.getNode().id)}`;
	return url.toString();
}

/**
 * Whether n8n checked the caller's resume token: 2.x does, 1.x has none for this kind of node
 * (2.41.1 and 1.123.81; the end-to-end pause scenarios count status reads on both).
 */
export function n8nVouchesForCallbacks(context: IExecuteFunctions | IWebhookFunctions): boolean {
	return executionResumeUrl(context).searchParams.has(RESUME_TOKEN_PARAM);
}
