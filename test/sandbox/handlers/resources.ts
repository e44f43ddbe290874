import { ValidationError } from '../api-errors';
import { lookSource } from '../avatar-models';
import type { Handler } from '../state';

/** GET /resources/voices: system voices plus the caller's custom voices, filtered. */
export const listVoices: Handler = ({ state, space, query }) => {
	const gender = genderFilter(query.gender);
	const tags = tagsFilter(query.tags);
	const language = query.language?.trim().toLowerCase() || undefined;
	const voices = state.catalogue
		.voicesFor(space.id)
		.filter(
			(voice) =>
				(gender === undefined || voice.gender === gender) &&
				hasAllTags(voice.tags, tags) &&
				(language === undefined || matchesLanguage(voice.language, voice.accent, language)),
		);
	return { status: 200, body: voices, list: 'voices' };
};

/** GET /resources/avatars: system looks plus the caller's custom avatars, filtered, with the profile's models. */
export const listAvatars: Handler = ({ state, space, query }) => {
	const gender = genderFilter(query.gender);
	const tags = tagsFilter(query.tags);
	const avatars = state.catalogue
		.avatarsFor(space.id)
		.filter(
			(avatar) =>
				(gender === undefined || avatar.gender === gender) && hasAllTags(avatar.tags, tags),
		)
		.map((avatar) => ({ ...avatar, model_available: state.profile.avatarModels.offered(lookSource(avatar)) }));
	return { status: 200, body: avatars, list: 'avatars' };
};

function genderFilter(value: string | undefined): 'male' | 'female' | undefined {
	const gender = value?.trim().toLowerCase() || undefined;
	if (gender === undefined || gender === 'male' || gender === 'female') return gender;
	throw new ValidationError([
		{ code: 'INVALID_VALUE', message: 'gender must be male or female', field: 'gender' },
	]);
}

/** Comma-separated; an item must carry every listed tag (the filter narrows). */
function tagsFilter(value: string | undefined): string[] {
	return (value ?? '')
		.split(',')
		.map((tag) => tag.trim().toLowerCase())
		.filter((tag) => tag !== '');
}

function hasAllTags(itemTags: string[], wanted: string[]): boolean {
	const own = itemTags.map((tag) => tag.toLowerCase());
	return wanted.every((tag) => own.includes(tag));
}

/** `en` matches every English voice; `en-GB` (or `en_GB`) also requires the accent. */
function matchesLanguage(language: string, accent: string, filter: string): boolean {
	const [wantedLanguage, wantedAccent] = filter.split(/[-_]/);
	return (
		language.toLowerCase() === wantedLanguage &&
		(wantedAccent === undefined || accent.toLowerCase() === wantedAccent)
	);
}
