import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';

export type NodeTypeMap = Record<string, INodeType | IVersionedNodeType>;

/** INodeTypes over the node types a test registers, keyed by the `type` used in INode. */
export class HarnessNodeTypes implements INodeTypes {
	constructor(private readonly types: NodeTypeMap) {}

	getByName(type: string): INodeType | IVersionedNodeType {
		const nodeType = this.types[type];
		if (!nodeType) {
			const known = Object.keys(this.types).join(', ');
			throw new Error(`Node type "${type}" is not registered in the harness (known: ${known})`);
		}
		return nodeType;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries(Object.keys(this.types).map((type) => [type, { className: type }]));
	}
}
