import { NodeHelpers } from 'n8n-workflow';
import type { IHttpRequestMethods, INode, IWebhookData, IWorkflowExecuteAdditionalData, Workflow } from 'n8n-workflow';

function trimSlashes(path: string) {
	return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/**
 * The webhooks a node declares, with path and methods resolved the way n8n's WebhookService
 * (`getNodeWebhooks`, in the unpublished `cli` package) resolves them.
 */
export function getNodeWebhooks(
	workflow: Workflow,
	node: INode,
	additionalData: IWorkflowExecuteAdditionalData,
): IWebhookData[] {
	if (node.disabled) return [];
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const webhooks: IWebhookData[] = [];
	for (const description of nodeType.description.webhooks ?? []) {
		const evaluate = <T>(value: unknown, fallback?: T) =>
			workflow.expression.getSimpleParameterValue(
				node,
				value as string | boolean | undefined,
				'internal',
				{},
				undefined,
				fallback as string | boolean | undefined,
			) as T;
		const nodePath = evaluate<string | undefined>(description.path);
		if (nodePath === undefined) continue;
		const path = NodeHelpers.getNodeWebhookPath(
			workflow.id,
			node,
			trimSlashes(String(nodePath)),
			evaluate<boolean>(description.isFullPath, false),
			evaluate<boolean>(description.restartWebhook, false),
		);
		const methods = String(evaluate<string>(description.httpMethod, 'GET'));
		for (const method of methods.split(',')) {
			if (!method) continue;
			webhooks.push({
				httpMethod: method.trim() as IHttpRequestMethods,
				node: node.name,
				path,
				webhookDescription: description,
				workflowId: workflow.id,
				workflowExecuteAdditionalData: additionalData,
				webhookId: node.webhookId,
			});
		}
	}
	return webhooks;
}
