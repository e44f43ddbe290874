import type { IDataObject } from 'n8n-workflow';

import { ANIMATE_MODES, EXTRA_BOOLEAN_FIELDS, GENERATION_BODY_FIELDS, LIMITS, VIDEO_FORMATS } from '../service/limits';
import {
	checkAvatarModelName,
	checkChoice,
	checkDuration,
	checkMaxLength,
	checkVoiceFileUrl,
	checkWebUrl,
	checkWholeNumber,
	InputError,
	isUnset,
	optionalText,
	parseExtraFields,
	parseUrlList,
	requireText,
	shown,
} from './validation';

/** Builds request bodies from the node's fields, refusing anything the service would refuse. */

/** Drops undefined values: the service then applies its defaults, and outputs stay tidy. */
export function compact(data: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

export type InputMethod = 'prompt' | 'script' | 'media';

export interface FrameInput {
	format?: unknown;
	width?: unknown;
	height?: unknown;
}

export interface GenerationInput extends FrameInput {
	inputMethod: InputMethod;
	prompt?: string;
	duration?: unknown;
	script?: string;
	voiceId?: unknown;
	voiceUrl?: unknown;
	avatarId?: unknown;
	avatarUrl?: unknown;
	webSearchScript?: unknown;
	webSearchImages?: unknown;
	animateImage?: unknown;
	animateMode?: unknown;
	animateImageMax?: unknown;
	useSpaceMedia?: unknown;
	saveMediaToSpace?: unknown;
	mediaUrls?: unknown;
	webUrls?: unknown;
	webhookUrl?: unknown;
	extraBodyFields?: unknown;
}

interface ExportInput extends FrameInput {
	videoId?: unknown;
	avatarModel?: unknown;
	webhookUrl?: unknown;
}

interface ScriptInput {
	prompt?: unknown;
	duration?: unknown;
	urls?: unknown;
	webSearch?: unknown;
}

const HORIZONTAL_FRAME = { width: 1920, height: 1080 };

/** `original` keeps the video's own format, so nothing is sent; width and height only go with `custom`. */
function buildFrame(input: FrameInput, allowOriginal: boolean): IDataObject {
	const format = optionalText(input.format, 'Format');
	if (format === undefined || (allowOriginal && format === 'original')) return {};
	checkChoice('Format', format, VIDEO_FORMATS);
	// The service refuses `horizontal` (400 invalid_format): 16:9 goes as the custom frame it stands for.
	if (format === 'horizontal') return { format: 'custom', ...HORIZONTAL_FRAME };
	if (format !== 'custom') return { format };
	const pixels = (field: string, value: unknown) => checkWholeNumber(field, value, 1, LIMITS.maxPixels, 'pixels');
	return { format, width: pixels('Width', input.width), height: pixels('Height', input.height) };
}

function optionalUrl(field: string, value: unknown, checkUrl = checkWebUrl): string | undefined {
	const text = optionalText(value, field);
	return text === undefined ? undefined : checkUrl(field, text);
}

function buildContent(input: GenerationInput): IDataObject {
	const voiceId = optionalText(input.voiceId, 'Voice');
	const avatarId = optionalText(input.avatarId, 'Avatar');
	const voiceUrl = optionalUrl('Voice URL', input.voiceUrl, checkVoiceFileUrl);
	const avatarUrl = optionalUrl('Avatar URL', input.avatarUrl);

	switch (input.inputMethod) {
		case 'prompt':
			return {
				prompt: requireText(
					'Prompt',
					input.prompt,
					'Describe the video to generate, or switch Input Method to Script.',
				),
				duration: checkDuration('Duration (Seconds)', input.duration),
				voice_id: voiceId,
				avatar_id: avatarId,
			};
		case 'script':
			if (voiceId === undefined && voiceUrl === undefined) {
				throw new InputError(
					'Voice',
					'is missing: a script needs a voice',
					'Choose a voice from the list, or give a Voice URL.',
				);
			}
			return {
				script: requireText('Script', input.script, 'Enter the words the presenter should say.'),
				voice_id: voiceId,
				voice_url: voiceUrl,
				avatar_id: avatarId,
				avatar_url: avatarUrl,
			};
		case 'media':
			if (voiceUrl === undefined && avatarUrl === undefined) {
				throw new InputError(
					'Voice URL',
					'and Avatar URL are both empty',
					'Give a voice recording URL, an avatar image or video URL, or both.',
				);
			}
			return { voice_url: voiceUrl, avatar_url: avatarUrl, voice_id: voiceId, avatar_id: avatarId };
		default:
			throw new InputError(
				'Input Method',
				`"${String(input.inputMethod)}" is unknown`,
				'Choose Prompt, Script or Media.',
			);
	}
}

/** A switch from an expression must be a real true or false: "false" as text would turn it on. */
function optionalSwitch(field: string, value: unknown): boolean | undefined {
	if (isUnset(value)) return undefined;
	if (typeof value === 'boolean') return value;
	throw new InputError(
		field,
		`${shown(value)} is not true or false`,
		`Set ${field} on or off, or map a true/false value.`,
	);
}

function buildAnimation(input: GenerationInput): IDataObject {
	const animate = optionalSwitch('Animate Images', input.animateImage);
	const mode =
		input.animateMode === undefined ? undefined : checkChoice('Animation Mode', input.animateMode, ANIMATE_MODES);
	const maxText = input.animateImageMax;
	const maxGiven = maxText !== undefined && maxText !== '';
	if (!animate) {
		if (maxGiven) {
			throw new InputError(
				'Max Images to Animate',
				'is set but Animate Images is off',
				'Turn on Animate Images, or remove Max Images to Animate.',
			);
		}
		return {};
	}
	const max = maxGiven ? checkWholeNumber('Max Images to Animate', maxText, 0, 1000, 'images') : undefined;
	return { animate_image: true, animate_mode: mode, animate_image_max: max };
}

function buildWebSearch(input: GenerationInput): IDataObject | undefined {
	const script = optionalSwitch('Web Search for Script', input.webSearchScript);
	const images = optionalSwitch('Web Search for Images', input.webSearchImages);
	if (script === undefined && images === undefined) return undefined;
	return compact({ script, images });
}

function listOrUndefined(list: string[]): string[] | undefined {
	return list.length > 0 ? list : undefined;
}

export function buildGenerationBody(input: GenerationInput): IDataObject {
	const formFields = compact({
		...buildContent(input),
		...buildFrame(input, false),
		web_search: buildWebSearch(input),
		...buildAnimation(input),
		use_space_media: optionalSwitch('Use Space Media', input.useSpaceMedia),
		save_media_to_space: optionalSwitch('Save Media to Space', input.saveMediaToSpace),
		media_urls: listOrUndefined(parseUrlList('Media URLs', input.mediaUrls)),
		web_urls: listOrUndefined(parseUrlList('Web URLs', input.webUrls, LIMITS.maxWebUrls)),
		webhook_url: optionalUrl('Webhook URL', input.webhookUrl),
	});
	const extra = parseExtraFields('Extra Body Fields', input.extraBodyFields, {
		modelled: GENERATION_BODY_FIELDS,
		booleans: EXTRA_BOOLEAN_FIELDS,
	});
	return { ...extra, ...formFields };
}

export function buildExportBody(input: ExportInput): IDataObject {
	const avatarModel = checkAvatarModelName('Avatar Model', input.avatarModel);
	return compact({
		video_id: requireText(
			'Video ID',
			input.videoId,
			'Use the video ID of a completed generation (the videoId output of Generate).',
		),
		...buildFrame(input, true),
		avatar_model: avatarModel,
		webhook_url: optionalUrl('Webhook URL', input.webhookUrl),
	});
}

export function buildScriptBody(input: ScriptInput): IDataObject {
	const prompt = requireText('Prompt', input.prompt, 'Describe what the script should be about.');
	return compact({
		prompt: checkMaxLength('Prompt', prompt, LIMITS.maxScriptPromptLength),
		duration:
			input.duration === undefined || input.duration === ''
				? undefined
				: checkDuration('Duration (Seconds)', input.duration),
		urls: listOrUndefined(parseUrlList('URLs', input.urls, LIMITS.maxWebUrls)),
		webSearch: optionalSwitch('Web Search', input.webSearch) || undefined,
	});
}
