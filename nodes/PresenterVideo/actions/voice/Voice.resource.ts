import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['voice'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the voices this space can use',
				action: 'Get many voices',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
