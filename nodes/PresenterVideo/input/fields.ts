import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** The Options collection of an operation, its entries in alphabetical order. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

export function readOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return context.getNodeParameter('options', itemIndex, {}) as IDataObject;
}
