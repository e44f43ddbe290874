import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listVoices } from '../../helpers/catalogue';
import { genderFilterField, returnAllAndLimitFields, tagsFilterField } from '../common/listFields';
import { executeList } from '../common/listOutput';

export const description: INodeProperties[] = [
	...returnAllAndLimitFields('voice'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { resource: ['voice'], operation: ['getMany'] } },
		options: [
			genderFilterField,
			{
				displayName: 'Language',
				name: 'language',
				type: 'string',
				default: '',
				placeholder: 'e.g. en',
				description: 'Language code, for example en or fr',
			},
			tagsFilterField,
		],
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeList(this, listVoices);
}
