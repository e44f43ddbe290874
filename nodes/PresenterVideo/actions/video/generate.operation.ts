import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { buildGenerationBody } from '../../helpers/requestBodies';
import { simplifyField } from '../common/simplifyField';
import { waitForCompletionField, waitOptionFields } from '../common/waitFields';
import { generationFields, generationOptionFields, webhookUrlOption } from './fields/generationFields';
import { readGenerationInput } from './fields/readInputs';
import { executeStart } from './startOperation';

const operations = ['generate'];

export const description: INodeProperties[] = [
	...generationFields(operations),
	waitForCompletionField(operations, 'poll', true),
	simplifyField('video', operations),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['video'], operation: operations } },
		options: [...generationOptionFields, ...waitOptionFields, webhookUrlOption].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeStart(this, 'generation', (itemIndex) =>
		buildGenerationBody(readGenerationInput(this, itemIndex)),
	);
}
