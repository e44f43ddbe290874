import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['avatar'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the avatars this space can use, with their compatible avatar models',
				action: 'Get many avatars',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
