import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeExecutionData, INodeParameters, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { credentialId } from './credentials-helper';
import type { RunWorkflowOptions } from './run-workflow';
import { runWorkflow } from './run-workflow';
import type { WorkflowRunResult } from './run-result';

export interface RunNodeOptions
	extends Omit<RunWorkflowOptions, 'nodes' | 'connections' | 'nodeTypes' | 'startNodeName'> {
	nodeType: INodeType | IVersionedNodeType;
	/** The INode `type`; default the description's name. */
	type?: string;
	/** Default the description's default name, else its display name. */
	name?: string;
	/** Default the node type's default version. */
	typeVersion?: number;
	parameters?: INodeParameters;
	/** INode fields such as continueOnFail, onError, retryOnFail, alwaysOutputData. */
	nodeSettings?: Partial<Omit<INode, 'parameters' | 'type' | 'name'>>;
}

export type NodeRunResult = WorkflowRunResult & {
	node: INode;
	/** Items of the node's first output. */
	output: INodeExecutionData[];
};

function defaultVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.description.defaultVersion ?? nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/**
 * Runs one node inside a real workflow (harness start node -> node) with the given parameters
 * and input items; every given credential is attached to the node unless nodeSettings sets
 * `credentials` itself.
 */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	const { nodeType, parameters = {}, nodeSettings = {}, ...runOptions } = options;
	const version = options.typeVersion ?? defaultVersion(nodeType);
	const { description } = NodeHelpers.getVersionedNodeType(nodeType, version);
	const type = options.type ?? description.name;
	const node: INode = {
		id: 'node-under-test',
		name: options.name ?? description.defaults?.name ?? description.displayName,
		type,
		typeVersion: version,
		position: [200, 0],
		parameters,
		...nodeSettings,
	};
	if (options.credentials?.length && !nodeSettings.credentials) {
		node.credentials = Object.fromEntries(
			options.credentials.map((credential) => [
				credential.type,
				{ id: credentialId(credential), name: credential.name ?? credential.type },
			]),
		);
	}
	const result = await runWorkflow({
		...runOptions,
		nodes: [node],
		connections: {},
		nodeTypes: { [type]: nodeType },
	});
	const ran = result.run.data.resultData.runData[node.name] !== undefined;
	return { ...result, node, output: ran ? result.outputOf(node.name) : [] };
}
