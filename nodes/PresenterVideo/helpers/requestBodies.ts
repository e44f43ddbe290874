import type { IDataObject } from 'n8n-workflow';

import { compact } from './compact';
import { InputError } from './inputError';
import { ANIMATE_MODES, AVATAR_MODELS, LIMITS, VIDEO_FORMATS } from './limits';
import {
	checkChoice,
	checkDuration,
	checkMaxLength,
	checkNumberInRange,
	checkPixels,
	checkVoiceFileUrl,
	checkWebUrl,
	optionalText,
	parseExtraFields,
	parseUrlList,
	requireText,
} from './validation';

/** Builds request bodies from the node's fields, refusing anything the service would refuse. */

export type InputMethod = 'prompt' | 'script' | 'media';

export interface FrameInput {
	format?: string;
	width?: unknown;
	height?: unknown;
}

export interface GenerationInput extends FrameInput {
	inputMethod: InputMethod;
	prompt?: string;
	duration?: unknown;
	script?: string;
	voiceId?: string;
	voiceUrl?: string;
	avatarId?: string;
	avatarUrl?: string;
	webSearchScript?: boolean;
	webSearchImages?: boolean;
	animateImage?: boolean;
	animateMode?: string;
	animateImageMax?: unknown;
	mediaUrls?: unknown;
	webUrls?: unknown;
	webhookUrl?: string;
	extraBodyFields?: unknown;
}

export interface ExportInput extends FrameInput {
	videoId?: string;
	avatarModel?: string;
	webhookUrl?: string;
}

export interface ScriptInput {
	prompt?: string;
	duration?: unknown;
	urls?: unknown;
	webSearch?: boolean;
}

/** `original` keeps the video's own format, so nothing is sent; width and height only go with `custom`. */
function buildFrame(input: FrameInput, allowOriginal: boolean): IDataObject {
	const format = optionalText(input.format);
	if (format === undefined || (allowOriginal && format === 'original')) return {};
	checkChoice('Format', format, VIDEO_FORMATS);
	if (format !== 'custom') return { format };
	return { format, width: checkPixels('Width', input.width), height: checkPixels('Height', input.height) };
}

function optionalUrl(field: string, value: string | undefined): string | undefined {
	const text = optionalText(value);
	return text === undefined ? undefined : checkWebUrl(field, text);
}

function buildContent(input: GenerationInput): IDataObject {
	const voiceId = optionalText(input.voiceId);
	const avatarId = optionalText(input.avatarId);
	const voiceUrlText = optionalText(input.voiceUrl);
	const voiceUrl = voiceUrlText === undefined ? undefined : checkVoiceFileUrl('Voice URL', voiceUrlText);
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

function buildAnimation(input: GenerationInput): IDataObject {
	if (!input.animateImage) {
		if (input.animateImageMax !== undefined && input.animateImageMax !== '') {
			throw new InputError(
				'Max Images to Animate',
				'is set but Animate Images is off',
				'Turn on Animate Images, or remove Max Images to Animate.',
			);
		}
		return {};
	}
	const maxText = input.animateImageMax;
	return {
		animate_image: true,
		animate_mode:
			input.animateMode === undefined ? undefined : checkChoice('Animation Mode', input.animateMode, ANIMATE_MODES),
		animate_image_max:
			maxText === undefined || maxText === ''
				? undefined
				: Math.trunc(checkNumberInRange('Max Images to Animate', maxText, 0, 1000, 'images')),
	};
}

function buildWebSearch(input: GenerationInput): IDataObject | undefined {
	if (input.webSearchScript === undefined && input.webSearchImages === undefined) return undefined;
	return compact({ script: input.webSearchScript, images: input.webSearchImages });
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
		media_urls: listOrUndefined(parseUrlList('Media URLs', input.mediaUrls)),
		web_urls: listOrUndefined(parseUrlList('Web URLs', input.webUrls, LIMITS.maxWebUrls)),
		webhook_url: optionalUrl('Webhook URL', input.webhookUrl),
	});
	return { ...parseExtraFields('Extra Body Fields', input.extraBodyFields, formFields), ...formFields };
}

export function buildExportBody(input: ExportInput): IDataObject {
	const avatarModel = optionalText(input.avatarModel);
	return compact({
		video_id: requireText(
			'Video ID',
			input.videoId,
			'Use the video ID of a completed generation (the videoId output of Generate).',
		),
		...buildFrame(input, true),
		avatar_model: avatarModel === undefined ? undefined : checkChoice('Avatar Model', avatarModel, AVATAR_MODELS),
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
		webSearch: input.webSearch || undefined,
	});
}
