import { createRunExecutionData, NodeConnectionTypes } from 'n8n-workflow';
import type {
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IVersionedNodeType,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { PresenterVideoApi } from '../../credentials/PresenterVideoApi.credentials';
import type { InstanceUrls } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { HarnessCredential } from './credentials-helper';
import { nextExecutionId } from './execution-store';
import type { ExecutionSetup } from './execution-store';
import { HarnessNodeTypes } from './node-types';
import type { WorkflowRunResult } from './run-result';
import { HARNESS_START_NODE_TYPE, HarnessStart, harnessStartNode } from './start-node';
import { startExecution } from './start-execution';
import type { ExecutionControl, RunDataFactory, RunningExecution } from './start-execution';

export interface RunWorkflowOptions extends InstanceUrls, ExecutionControl {
	nodes: INode[];
	connections: IConnections;
	/** Key = the `type` used in INode, e.g. 'n8n-nodes-presenter-video.presenterVideo'. */
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	/** Defaults to [new PresenterVideoApi()]. */
	credentialTypes?: ICredentialType[];
	/** Decrypted data; found through `node.credentials[type].id` (or its name when no id). */
	credentials?: HarnessCredential[];
	/** Default: the one node without an incoming main connection. */
	startNodeName?: string;
	/**
	 * Items fed to the start node. A node that takes input gets them from a harness start node
	 * (like a Manual Trigger); a trigger (no inputs) emits them as its own output, as when a
	 * webhook starts the workflow.
	 */
	inputItems?: INodeExecutionData[];
	/** For a trigger start node with several outputs: its output per index (wins over inputItems). */
	triggerOutput?: INodeExecutionData[][];
	/** Default 'manual' (an editor run); 'trigger' or 'webhook' for production runs. */
	mode?: WorkflowExecuteMode;
	workflowId?: string;
	settings?: IWorkflowSettings;
	/** The workflow's static data; pass the same object to later runs to keep it between them. */
	staticData?: IDataObject;
	/** As n8n 1.x keeps executions: no resume token, so waiting webhooks check no `signature`. */
	withoutResumeToken?: boolean;
	/**
	 * Runs under an earlier run's execution id, as a node that runs again later in one execution
	 * (Loop Over Items, an IF leading back) sees it.
	 */
	executionId?: string;
}

function acceptsMainInput(nodeType: INodeType): boolean {
	const { inputs } = nodeType.description;
	if (typeof inputs === 'string') return true;
	return inputs.some((input) => (typeof input === 'string' ? input : input.type) === NodeConnectionTypes.Main);
}

function findStartNode(nodes: INode[], connections: IConnections, startNodeName?: string): INode {
	if (startNodeName) {
		const node = nodes.find(({ name }) => name === startNodeName);
		if (!node) throw new Error(`startNodeName "${startNodeName}" is not a node of the workflow`);
		return node;
	}
	const targets = new Set(
		Object.values(connections).flatMap((byType) =>
			(byType.main ?? []).flatMap((outputs) => (outputs ?? []).map(({ node }) => node)),
		),
	);
	const roots = nodes.filter(({ name }) => !targets.has(name));
	if (roots.length !== 1) {
		const names = roots.map(({ name }) => name).join(', ') || 'none';
		throw new Error(`Cannot tell the start node (nodes without input: ${names}); pass startNodeName`);
	}
	return roots[0];
}

function prepareRun(options: RunWorkflowOptions) {
	const nodeTypes = new HarnessNodeTypes({
		[HARNESS_START_NODE_TYPE]: new HarnessStart(),
		...options.nodeTypes,
	});
	const startNode = findStartNode(options.nodes, options.connections, options.startNodeName);
	const startType = nodeTypes.getByNameAndVersion(startNode.type, startNode.typeVersion);
	const inputItems = options.inputItems ?? [{ json: {} }];

	let nodes = options.nodes;
	let connections = options.connections;
	let stackNode = startNode;
	let stackData = options.triggerOutput ?? [inputItems];
	if (acceptsMainInput(startType)) {
		stackNode = harnessStartNode();
		stackData = [inputItems];
		nodes = [stackNode, ...nodes];
		connections = {
			...connections,
			[stackNode.name]: { main: [[{ node: startNode.name, type: NodeConnectionTypes.Main, index: 0 }]] },
		};
	}

	const setup: ExecutionSetup = {
		executionId: options.executionId ?? nextExecutionId(),
		workflow: {
			id: options.workflowId ?? 'harness-workflow',
			name: 'Harness workflow',
			nodes,
			connections,
			settings: options.settings ?? { executionOrder: 'v1' },
			active: options.mode !== undefined && options.mode !== 'manual',
		},
		nodeTypes,
		credentialsHelper: new HarnessCredentialsHelper(
			options.credentialTypes ?? [new PresenterVideoApi()],
			options.credentials ?? [],
		),
		mode: options.mode ?? 'manual',
		urls: { instanceBaseUrl: options.instanceBaseUrl, webhookWaitingBaseUrl: options.webhookWaitingBaseUrl },
		staticData: options.staticData ?? {},
	};
	const buildRunData: RunDataFactory = (workflow) => {
		const data = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: workflow.nodes[stackNode.name], data: { main: stackData }, source: null }],
			},
		});
		if (options.withoutResumeToken) delete data.resumeToken;
		return data;
	};
	return { setup, buildRunData };
}

/** Starts a workflow and hands back a way to cancel it while it runs. */
export async function startWorkflow(options: RunWorkflowOptions): Promise<RunningExecution> {
	const { setup, buildRunData } = prepareRun(options);
	return await startExecution(setup, buildRunData, options);
}

/** Runs a workflow with n8n-core's WorkflowExecute until it finishes, fails, waits or is cancelled. */
export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowRunResult> {
	const running = await startWorkflow(options);
	return await running.result;
}
