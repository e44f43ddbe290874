import type { IDataObject } from 'n8n-workflow';

/** Drops undefined values: the service then applies its defaults, and outputs stay tidy. */
export function compact(data: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
