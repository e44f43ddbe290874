import type { INodeProperties } from 'n8n-workflow';

import * as generate from './generate.operation';

export { generate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['script'] } },
		options: [
			{
				name: 'Generate',
				value: 'generate',
				description: 'Write a script from a prompt, to review or edit before generating a video (billed)',
				action: 'Generate script',
			},
		],
		default: 'generate',
	},
	...generate.description,
];
