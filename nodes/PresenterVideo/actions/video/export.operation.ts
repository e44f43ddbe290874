import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { buildExportBody } from '../../helpers/requestBodies';
import { simplifyField } from '../common/simplifyField';
import { waitForCompletionField, waitOptionFields } from '../common/waitFields';
import { exportFields } from './fields/exportFields';
import { webhookUrlOption } from './fields/generationFields';
import { readExportInput } from './fields/readInputs';
import { executeStart } from './startOperation';

const operations = ['export'];

export const description: INodeProperties[] = [
	...exportFields(operations),
	waitForCompletionField(operations, 'poll', true),
	simplifyField('video', operations),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['video'], operation: operations } },
		options: [...waitOptionFields, webhookUrlOption],
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeStart(this, 'export', (itemIndex) =>
		buildExportBody(readExportInput(this, itemIndex, this.getNodeParameter('videoId', itemIndex) as string)),
	);
}
