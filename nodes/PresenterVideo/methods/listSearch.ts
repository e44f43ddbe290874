import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { listAvatars, listVoices } from '../input/catalogue';
import type { Avatar, Voice } from '../service/types';
import { createApiClient } from '../transport/client';

function matches(filter: string | undefined, ...fields: Array<string | string[] | undefined>): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return fields.flat().some((field) => field?.toLowerCase().includes(needle));
}

function voiceLabel(voice: Voice): string {
	const details = [voice.language, voice.accent, voice.gender].filter(Boolean).join(', ');
	return details ? `${voice.name} (${details})` : voice.name;
}

function avatarLabel(avatar: Avatar): string {
	const details = [avatar.place, avatar.format, avatar.gender].filter(Boolean).join(', ');
	return details ? `${avatar.name} (${details})` : avatar.name;
}

/** The service returns the whole catalogue at once, so searching is done here. */
export async function searchVoices(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const voices = await listVoices(await createApiClient(this));
	const results: INodeListSearchItems[] = voices
		.filter((voice) => matches(filter, voice.name, voice.id, voice.language, voice.accent, voice.gender, voice.tags))
		.map((voice) => ({ name: voiceLabel(voice), value: voice.id, url: voice.preview }));
	return { results };
}

export async function searchAvatars(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const avatars = await listAvatars(await createApiClient(this));
	const results: INodeListSearchItems[] = avatars
		.filter((avatar) =>
			matches(filter, avatar.name, avatar.id, avatar.place, avatar.format, avatar.gender, avatar.tags),
		)
		.map((avatar) => ({ name: avatarLabel(avatar), value: avatar.id, url: avatar.preview ?? avatar.thumbnail }));
	return { results };
}
