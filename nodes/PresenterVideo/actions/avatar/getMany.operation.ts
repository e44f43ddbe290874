import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listAvatars } from '../../helpers/catalogue';
import { runItems } from '../../helpers/itemRunner';
import { genderFilterField, returnAllAndLimitFields, tagsFilterField } from '../common/listFields';
import { readLimit, toItems } from '../common/listOutput';

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
	return await runItems(this, {
		prepare: (itemIndex) => ({
			filters: this.getNodeParameter('filters', itemIndex, {}) as IDataObject,
			limit: readLimit(this, itemIndex),
		}),
		run: async (itemIndex, { filters, limit }, { client }) =>
			toItems(await listAvatars(client, filters, itemIndex), limit, itemIndex),
	});
}
