import type { INodeProperties } from 'n8n-workflow';

export const returnAllAndLimitFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

export const genderFilterField: INodeProperties = {
	displayName: 'Gender',
	name: 'gender',
	type: 'options',
	options: [
		{ name: 'Female', value: 'female' },
		{ name: 'Male', value: 'male' },
	],
	default: 'female',
};

export const tagsFilterField: INodeProperties = {
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'e.g. professional, friendly',
	description: 'Comma-separated tags; only entries with these tags are returned',
};
