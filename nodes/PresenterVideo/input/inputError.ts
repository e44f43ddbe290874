import { type INode, NodeOperationError } from 'n8n-workflow';

/** A mistake in the node's fields, found before anything is sent (so nothing is billed). */
export class InputError extends Error {
	constructor(
		readonly field: string,
		problem: string,
		readonly fix: string,
	) {
		super(`${field}: ${problem}`);
		this.name = 'InputError';
	}
}

export function toNodeError(node: INode, error: InputError, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, error.message, { description: error.fix, itemIndex });
}
