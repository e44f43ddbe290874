import { ApiError } from './api-errors';
import type { AvatarLook } from './catalogue';
import type { AvatarModel } from './costs';
import type { VideoRecord } from './videos';

/** What decides an avatar's models: the catalogue's list and whether the look has a preview video. */
export interface AvatarSource {
	models: readonly AvatarModel[];
	hasPreview: boolean;
}

/** How a profile offers avatar models and picks one for an export. */
export interface AvatarModelRules {
	/** The models a look lists in `model_available` and a video made with it accepts. */
	offered(source: AvatarSource): AvatarModel[];
	/** The model an export uses; throws when the request names one the video does not take. */
	choose(video: VideoRecord, requested: AvatarModel | undefined): AvatarModel | undefined;
}

export function lookSource(look: AvatarLook): AvatarSource {
	return { models: look.model_available, hasPreview: look.preview !== undefined };
}

/** The contract: each look lists its own models. */
export const CONTRACT_AVATAR_MODELS: AvatarModelRules = {
	offered: (source) => [...source.models],
	choose: (video, requested) => chooseAmong(video, requested, (avatar) => avatar.modelAvailable),
};

const PREVIEW_LOOK_MODELS: readonly AvatarModel[] = ['standard'];
const LOOK_WITHOUT_PREVIEW_MODELS: readonly AvatarModel[] = ['premium', 'ultra', 'veo-3', 'veo-3-fast'];
/** Fast first: it is the code's default for Veo-made videos. */
const VEO_MODELS: readonly AvatarModel[] = ['veo-3-fast', 'veo-3'];

/**
 * The service's code: a look with a preview video takes only `standard`, one without takes every
 * model but `standard`, and a Veo-made video only the Veo models.
 */
export const CODE_AVATAR_MODELS: AvatarModelRules = {
	offered: (source) => [...(source.hasPreview ? PREVIEW_LOOK_MODELS : LOOK_WITHOUT_PREVIEW_MODELS)],
	choose: (video, requested) =>
		chooseAmong(video, requested, (avatar) => (video.veoMade ? [...VEO_MODELS] : avatar.modelAvailable)),
};

/** Without a request: standard when accepted, else premium, else the first accepted model. */
function chooseAmong(
	video: VideoRecord,
	requested: AvatarModel | undefined,
	accepted: (avatar: NonNullable<VideoRecord['avatar']>) => AvatarModel[],
): AvatarModel | undefined {
	if (!video.avatar) {
		if (requested === undefined) return undefined;
		throw new ApiError(
			400,
			'INVALID_PARAMETER',
			'avatar_model must not be sent for a video without avatar.',
			'avatar_model',
		);
	}
	const models = accepted(video.avatar);
	if (requested === undefined) {
		return models.includes('standard') ? 'standard' : models.includes('premium') ? 'premium' : models[0];
	}
	if (!models.includes(requested)) {
		throw new ApiError(
			400,
			'INCOMPATIBLE_AVATAR_MODEL',
			`The avatar does not support ${requested}; available: ${models.join(', ')}.`,
			'avatar_model',
		);
	}
	return requested;
}
