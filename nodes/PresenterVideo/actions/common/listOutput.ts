import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { checkLimit, checkListFilters } from '../../input/validation';
import type { ItemTools } from '../../jobs/types';
import type { ApiClient } from '../../transport/client';
import { returnAllAndLimitFields } from './fields';

interface Prepared {
	filters: IDataObject;
	/** The number of entries to return, or undefined for all (the service does not paginate). */
	limit: number | undefined;
}

/** Get Many for a catalogue: the item's filters go to the service, the limit is applied here. */
export function listOperation(
	resource: string,
	filterFields: INodeProperties[],
	list: (client: ApiClient, filters: IDataObject, itemIndex: number) => Promise<object[]>,
) {
	return {
		description: updateDisplayOptions({ show: { resource: [resource], operation: ['getMany'] } }, [
			...returnAllAndLimitFields,
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add filter',
				default: {},
				options: filterFields,
			},
		]),
		prepare(this: IExecuteFunctions, itemIndex: number): Prepared {
			return {
				filters: checkListFilters(this.getNodeParameter('filters', itemIndex, {}) as IDataObject),
				limit: this.getNodeParameter('returnAll', itemIndex, false)
					? undefined
					: checkLimit('Limit', this.getNodeParameter('limit', itemIndex, 50)),
			};
		},
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			{ filters, limit }: Prepared,
			{ client }: ItemTools,
		): Promise<INodeExecutionData[]> {
			const entries = await list(client, filters, itemIndex);
			const kept = limit === undefined ? entries : entries.slice(0, limit);
			return kept.map((entry) => ({ json: entry as IDataObject }));
		},
	};
}
