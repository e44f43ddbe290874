import type { N8nExport } from './instance';

/** Built-in nodes only, at type versions that both n8n 1.123 and 2.41 ship. */

export const webhookWorkflowId = 'SmokeWebhook0001';
export const webhookPath = 'smoke-set';

export const manualWorkflowId = 'SmokeManual00001';

/** Plain `data`: n8n encrypts it on import. The webhook below only answers with this header. */
export const headerCredential: N8nExport = {
	id: 'SmokeHeaderCred1',
	name: 'Smoke header auth',
	type: 'httpHeaderAuth',
	data: { name: 'X-Smoke-Token', value: 'local-smoke-token' },
};
export const smokeAuthHeader = { 'X-Smoke-Token': 'local-smoke-token' };

export const lateWebhookWorkflowId = 'SmokeLateHook001';
export const lateWebhookPath = 'smoke-late';

function setNode(name: string, position: [number, number], assignments: Array<[string, string, string]>) {
	return {
		id: `${name.toLowerCase()}-node`,
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: assignments.map(([field, type, value], index) => ({ id: `a${index}`, name: field, type, value })),
			},
			options: {},
		},
	};
}

function buildWebhookWorkflow(id: string, name: string, path: string, webhookId: string): N8nExport {
	// Header auth through an imported credential proves import and decryption with the instance key.
	const authentication = {
		parameters: { authentication: 'headerAuth' },
		credentials: { httpHeaderAuth: { id: headerCredential.id, name: headerCredential.name } },
	};
	return {
		id,
		name,
		active: false,
		nodes: [
			{
				id: 'webhook-node',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				// A fixed webhookId keeps the registration stable across imports and restarts.
				webhookId,
				parameters: {
					httpMethod: 'POST',
					path,
					responseMode: 'lastNode',
					options: {},
					...authentication.parameters,
				},
				credentials: authentication.credentials,
			},
			setNode(
				'Shape',
				[220, 0],
				[
					['greeting', 'string', "={{ 'hello ' + $json.body.name }}"],
					['doubled', 'number', '={{ $json.body.n * 2 }}'],
				],
			),
		],
		connections: { Webhook: { main: [[{ node: 'Shape', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

export const webhookWorkflow = buildWebhookWorkflow(
	webhookWorkflowId,
	'Smoke: webhook to set',
	webhookPath,
	'5b0f7a52-3c1e-4d7e-9f8a-1b2c3d4e5f60',
);

export const lateWebhookWorkflow = buildWebhookWorkflow(
	lateWebhookWorkflowId,
	'Smoke: imported while running',
	lateWebhookPath,
	'5b0f7a52-3c1e-4d7e-9f8a-1b2c3d4e5f61',
);

/** Manual Trigger -> Code (runs in n8n's task runner, so it proves the broker port works) -> Set. */
export const manualWorkflow: N8nExport = {
	id: manualWorkflowId,
	name: 'Smoke: manual trigger',
	active: false,
	nodes: [
		{
			id: 'manual-node',
			name: 'Manual',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'code-node',
			name: 'Code',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: 'return [{ json: { sum: 2 + 3 } }];' },
		},
		setNode('Result', [440, 0], [['tripled', 'number', '={{ $json.sum * 3 }}']]),
	],
	connections: {
		Manual: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
		Code: { main: [[{ node: 'Result', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};
