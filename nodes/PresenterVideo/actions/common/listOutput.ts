import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** The number of entries to return, or undefined for all (the service does not paginate). */
export function readLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (context.getNodeParameter('returnAll', itemIndex, false)) return undefined;
	return context.getNodeParameter('limit', itemIndex, 50) as number;
}

export function toItems(entries: object[], limit: number | undefined, itemIndex: number): INodeExecutionData[] {
	const kept = limit === undefined ? entries : entries.slice(0, limit);
	return kept.map((entry) => ({ json: entry as IDataObject, pairedItem: { item: itemIndex } }));
}
