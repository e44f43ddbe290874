import { presenterCredential, presenterCredentialType } from './credential';
import type { NodeParameters, WorkflowNode } from './workflow-json';

/** Built-in nodes at type versions that both n8n 1.123 and 2.41 ship, and our two nodes. */

type NodeSpec = Omit<WorkflowNode, 'position'>;

export const presenterVideoType = 'n8n-nodes-presenter-video.presenterVideo';
export const presenterVideoTriggerType = 'n8n-nodes-presenter-video.presenterVideoTrigger';

/** The id a node built here gets: its name in kebab case (a paused node's callback path). */
export function nodeId(name: string): string {
	return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export type WebhookResponse =
	| { mode: 'onReceived' }
	| { mode: 'responseNode' }
	| { mode: 'lastNode'; data: 'allEntries' | 'firstEntryJson' };

/** n8n's Webhook node on POST `/webhook/<path>`; a fixed webhookId keeps its registration stable. */
export function webhookNode(path: string, webhookId: string, response: WebhookResponse): NodeSpec {
	return {
		id: 'webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId,
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode: response.mode,
			...(response.mode === 'lastNode' ? { responseData: response.data } : {}),
			options: {},
		},
	};
}

export function presenterVideoNode(name: string, parameters: NodeParameters, extra: Partial<NodeSpec> = {}): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: presenterVideoType,
		typeVersion: 1,
		parameters,
		credentials: { [presenterCredentialType]: presenterCredential },
		...extra,
	};
}

/** Resource locator value typed as an id, as the editor stores "By ID". */
export function byId(value: string): { __rl: true; mode: 'id'; value: string } {
	return { __rl: true, mode: 'id', value };
}

export function setNode(
	name: string,
	fields: Array<[field: string, type: 'string' | 'number', value: string]>,
): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: fields.map(([field, type, value], index) => ({ id: `f${index}`, name: field, type, value })),
			},
			options: {},
		},
	};
}

export function respondWithBinaryNode(name: string, binaryField: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.respondToWebhook',
		typeVersion: 1.1,
		parameters: { respondWith: 'binary', responseDataSource: 'set', inputFieldName: binaryField, options: {} },
	};
}

export function readFileNode(name: string, pathExpression: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1,
		parameters: { operation: 'read', fileSelector: pathExpression, options: {} },
	};
}

export function writeFileNode(name: string, pathExpression: string, binaryField = 'data'): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1,
		parameters: { operation: 'write', fileName: pathExpression, dataPropertyName: binaryField, options: {} },
	};
}

/** One item per CSV row, keyed by the header row. */
export function extractCsvNode(name: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.extractFromFile',
		typeVersion: 1.1,
		parameters: { operation: 'csv', binaryPropertyName: 'data', options: {} },
	};
}

/** All input items as one CSV file in binary field `data`. */
export function convertToCsvNode(name: string, fileName: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		parameters: { operation: 'csv', binaryPropertyName: 'data', options: { fileName } },
	};
}

/** JavaScript run once for all items, in n8n's Code node. */
export function codeNode(name: string, jsCode: string): NodeSpec {
	return { id: nodeId(name), name, type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode } };
}

/** n8n's Wait node resumed by a POST to the execution's resume URL, without a suffix (its default). */
export function waitForWebhookNode(name: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		webhookId: '0c1d2e3f-0021-4a00-8000-00000000e301',
		parameters: { resume: 'webhook', httpMethod: 'POST', responseMode: 'onReceived', options: {} },
	};
}

export function noOpNode(name: string): NodeSpec {
	return { id: nodeId(name), name, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
}

/** Loop Over Items (Split in Batches v3): output 0 is "done", output 1 "loop". */
export function loopOverItemsNode(name: string, batchSize: number): NodeSpec {
	return { id: nodeId(name), name, type: 'n8n-nodes-base.splitInBatches', typeVersion: 3, parameters: { batchSize, options: {} } };
}

/** IF (v2): output 0 when `left < right` as numbers, output 1 otherwise. */
export function ifLessThanNode(name: string, left: string, right: number): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.if',
		typeVersion: 2,
		parameters: {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
				conditions: [{ id: 'c0', leftValue: left, rightValue: right, operator: { type: 'number', operation: 'lt' } }],
				combinator: 'and',
			},
			options: {},
		},
	};
}

/** Merge (v2.1) appending its two inputs' items once both have arrived. */
export function mergeAppendNode(name: string): NodeSpec {
	return { id: nodeId(name), name, type: 'n8n-nodes-base.merge', typeVersion: 2.1, parameters: { mode: 'append' } };
}

/** Execute Workflow by id, all items at once, waiting for the sub-workflow to complete. */
export function executeWorkflowNode(name: string, workflowId: string, mode: 'once' | 'each' = 'once'): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.executeWorkflow',
		typeVersion: 1.2,
		parameters: { source: 'database', workflowId: { __rl: true, mode: 'id', value: workflowId }, mode, options: { waitForSubWorkflow: true } },
	};
}

/** "When Executed by Another Workflow", taking the caller's items as they are. */
export function executeWorkflowTriggerNode(name: string): NodeSpec {
	return { id: nodeId(name), name, type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1, parameters: { inputSource: 'passthrough' } };
}

/**
 * n8n's Wait node for a time interval. From 65 seconds on it puts the execution into waiting and
 * its wait tracker resumes it; shorter waits stay in the running process.
 */
export function waitIntervalNode(name: string, seconds: number, webhookId: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		webhookId,
		parameters: { resume: 'timeInterval', amount: seconds, unit: 'seconds' },
	};
}
