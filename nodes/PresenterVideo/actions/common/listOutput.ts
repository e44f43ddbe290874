import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runItems } from '../../helpers/itemRunner';
import type { ApiClient } from '../../transport/client';
import { checkLimit, checkListFilters } from '../../helpers/validation';

/** The number of entries to return, or undefined for all (the service does not paginate). */
function readLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (context.getNodeParameter('returnAll', itemIndex, false)) return undefined;
	return checkLimit('Limit', context.getNodeParameter('limit', itemIndex, 50));
}

function toItems(entries: object[], limit: number | undefined, itemIndex: number): INodeExecutionData[] {
	const kept = limit === undefined ? entries : entries.slice(0, limit);
	return kept.map((entry) => ({ json: entry as IDataObject, pairedItem: { item: itemIndex } }));
}

/** Get Many for a catalogue: the item's filters go to the service, the limit is applied here. */
export async function executeList(
	context: IExecuteFunctions,
	list: (client: ApiClient, filters: IDataObject, itemIndex: number) => Promise<object[]>,
): Promise<INodeExecutionData[]> {
	return await runItems(context, {
		prepare: (itemIndex) => ({
			filters: checkListFilters(context.getNodeParameter('filters', itemIndex, {}) as IDataObject),
			limit: readLimit(context, itemIndex),
		}),
		run: async (itemIndex, { filters, limit }, { client }) =>
			toItems(await list(client, filters, itemIndex), limit, itemIndex),
	});
}
