import type { IDataObject } from 'n8n-workflow';

import { listAvatars } from './catalogue';
import type { ApiClient } from '../transport/client';
import { InputError } from './validation';

const FIELD = 'Avatar Model';

/** Checked before the generation: a model the export refuses would leave a billed generation behind. */
export function checkModelHasAvatar(avatarModel: unknown, generationBody: IDataObject): void {
	if (avatarModel === undefined) return;
	if (generationBody.avatar_id === undefined && generationBody.avatar_url === undefined) {
		throw new InputError(
			FIELD,
			`is "${String(avatarModel)}" but the video has no avatar`,
			'Choose an avatar, or leave Avatar Model empty for a video without a presenter.',
		);
	}
}

/** The chosen avatar's own list decides, including models the node has no name for. */
export async function checkModelForAvatar(
	client: ApiClient,
	avatarModel: unknown,
	generationBody: IDataObject,
	itemIndex: number,
): Promise<void> {
	const avatarId = generationBody.avatar_id;
	if (avatarModel === undefined || typeof avatarId !== 'string') return;
	const avatar = (await listAvatars(client, {}, itemIndex)).find((entry) => entry.id === avatarId);
	if (!avatar) {
		throw new InputError(
			'Avatar',
			`"${avatarId}" is not in the avatar list of this space`,
			'Choose an avatar from the list, or check the ID with Avatar > Get Many.',
		);
	}
	const models = avatar.model_available ?? [];
	if (models.length > 0 && !models.includes(String(avatarModel))) {
		throw new InputError(
			FIELD,
			`"${String(avatarModel)}" is not offered by avatar ${avatarId}`,
			`Use one of the models this avatar lists: ${models.join(', ')}; or leave it empty for the service default.`,
		);
	}
}
