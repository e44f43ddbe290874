import type { IDataObject } from 'n8n-workflow';

import { type ApiClient, unwrapList } from '../transport/client';
import type { Avatar, Voice } from '../service/types';

/** Reads the voice and avatar catalogues, whatever list wrapper the service uses. */

async function readList<T>(
	client: ApiClient,
	endpoint: string,
	listKey: string,
	qs: IDataObject,
	itemIndex?: number,
): Promise<T[]> {
	const body = await client.getRaw(endpoint, { qs, itemIndex });
	return unwrapList<T>(body, listKey) ?? [];
}

function nonEmpty(filters: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(filters)
			.map(([key, value]) => [
				key,
				typeof value === 'string'
					? value
							.split(',')
							.map((part) => part.trim())
							.filter(Boolean)
							.join(',')
					: value,
			])
			.filter(([, value]) => value !== undefined && value !== ''),
	);
}

export async function listVoices(client: ApiClient, filters: IDataObject = {}, itemIndex?: number): Promise<Voice[]> {
	return await readList<Voice>(client, '/resources/voices', 'voices', nonEmpty(filters), itemIndex);
}

export async function listAvatars(client: ApiClient, filters: IDataObject = {}, itemIndex?: number): Promise<Avatar[]> {
	return await readList<Avatar>(client, '/resources/avatars', 'avatars', nonEmpty(filters), itemIndex);
}
