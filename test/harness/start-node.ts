import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INode, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

export const HARNESS_START_NODE_TYPE = 'n8n-nodes-harness.start';
export const HARNESS_START_NODE_NAME = 'Harness Start';

/**
 * Plays the Manual Trigger: the first node of a run, emitting the test's input items
 * (placed on the execution stack by the harness) with their pairedItem.
 */
export class HarnessStart implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Start',
		name: 'start',
		group: ['trigger'],
		version: 1,
		description: 'Emits the input items a test gives to the workflow',
		defaults: { name: HARNESS_START_NODE_NAME },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData().map((item, index) => ({ ...item, pairedItem: { item: index } }))];
	}
}

export function harnessStartNode(): INode {
	return {
		id: 'harness-start',
		name: HARNESS_START_NODE_NAME,
		type: HARNESS_START_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}
