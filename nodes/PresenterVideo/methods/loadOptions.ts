import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listAvatars } from '../input/catalogue';
import { AVATAR_MODELS, type AvatarModel } from '../service/limits';
import { createApiClient } from '../transport/client';

/** The models the node has a name for; another model the service offers is shown under its id. */
const MODEL_OPTIONS: Record<AvatarModel, Omit<INodePropertyOptions, 'value'>> = {
	standard: { name: 'Standard', description: 'Free' },
	premium: { name: 'Premium', description: '0.8 credits per second of avatar on screen; Start plan and up' },
	ultra: { name: 'Ultra', description: '2.3 credits per second of avatar on screen; Enterprise plan' },
	'veo-3-fast': {
		name: 'Veo 3 Fast',
		description: '2.3 credits per second, billed per 8-second segment; Start plan and up',
	},
	'veo-3': { name: 'Veo 3', description: '5 credits per second, billed per 8-second segment; Start plan and up' },
};

const SERVICE_DEFAULT: INodePropertyOptions = {
	name: 'Service Default',
	value: '',
	description: 'Let the service pick the best model for the avatar (standard or premium)',
};

/** The avatar chosen on the form; none on operations without an Avatar field (Export), where n8n throws. */
function chosenAvatarId(context: ILoadOptionsFunctions): string | undefined {
	if (context.getCurrentNodeParameters()?.avatar === undefined) return undefined;
	const avatar = context.getCurrentNodeParameter('avatar', { extractValue: true });
	return typeof avatar === 'string' && avatar !== '' ? avatar : undefined;
}

/** The models the chosen avatar supports; every model when the avatar is not known here. */
export async function getAvatarModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const avatarId = chosenAvatarId(this);
	let models: readonly string[] = AVATAR_MODELS;
	if (avatarId) {
		const avatar = (await listAvatars(await createApiClient(this))).find((entry) => entry.id === avatarId);
		if (avatar?.model_available?.length) models = avatar.model_available;
	}
	return [
		SERVICE_DEFAULT,
		...models.map((model) => ({
			...(Object.hasOwn(MODEL_OPTIONS, model) ? MODEL_OPTIONS[model as AvatarModel] : { name: model }),
			value: model,
		})),
	];
}
