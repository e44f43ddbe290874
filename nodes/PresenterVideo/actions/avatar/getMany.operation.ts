import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listAvatars } from '../../helpers/catalogue';
import { genderFilterField, returnAllAndLimitFields, tagsFilterField } from '../common/listFields';
import { executeList } from '../common/listOutput';

export const description: INodeProperties[] = [
	...returnAllAndLimitFields('avatar'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { resource: ['avatar'], operation: ['getMany'] } },
		options: [genderFilterField, tagsFilterField],
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeList(this, listAvatars);
}
