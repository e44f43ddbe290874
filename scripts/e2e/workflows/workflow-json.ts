/** The shape n8n exports and imports workflows in; only the fields these tests set. */

export type NodeParameters = Record<string, unknown>;

export type CredentialRef = { id: string; name: string };

export type WorkflowNode = {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: NodeParameters;
	credentials?: Record<string, CredentialRef>;
	webhookId?: string;
	executeOnce?: boolean;
};

/** `main` carries items; `ai_tool` hangs a tool under an agent or an MCP Server Trigger. */
export type ConnectionType = 'main' | 'ai_tool';

export type Connection = { node: string; type: ConnectionType; index: number };

export type Connections = Record<string, Partial<Record<ConnectionType, Connection[][]>>>;

/** Sample output per node name: the editor's manual runs use it instead of running the node. */
export type PinData = Record<string, Array<{ json: Record<string, unknown> }>>;

export type Workflow = {
	id: string;
	name: string;
	active: boolean;
	nodes: WorkflowNode[];
	connections: Connections;
	settings: Record<string, unknown>;
	pinData?: PinData;
};

/** Nodes in the order data flows; laid out left to right, each feeding the next. */
export function linearWorkflow(id: string, name: string, nodes: Array<Omit<WorkflowNode, 'position'>>): Workflow {
	const connections: Connections = {};
	nodes.slice(0, -1).forEach((node, index) => {
		connections[node.name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	});
	return {
		id,
		name,
		active: false,
		nodes: nodes.map((node, index) => ({ ...node, position: [index * 240, 0] })),
		connections,
		// Executions are kept whatever their outcome, so the tests can read every one back.
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
	};
}

/** An edge from a node's output to a node's input (both 0 unless given). */
export type Edge = [from: string, to: string, fromOutput?: number, toInput?: number];

/** Nodes connected by `edges`, laid out left to right in the order given. */
export function connectedWorkflow(id: string, name: string, nodes: Array<Omit<WorkflowNode, 'position'>>, edges: Edge[]): Workflow {
	const workflow = linearWorkflow(id, name, nodes);
	const connections: Connections = {};
	for (const [from, to, fromOutput = 0, toInput = 0] of edges) {
		const outputs = (connections[from] ??= { main: [] }).main ?? [];
		while (outputs.length <= fromOutput) outputs.push([]);
		outputs[fromOutput].push({ node: to, type: 'main', index: toInput });
	}
	return { ...workflow, connections };
}
