import { ApiError } from './api-errors';
import { lookSource, type AvatarModelRules } from './avatar-models';
import type { Catalogue } from './catalogue';
import type { AvatarModel } from './costs';
import { videoSeconds, type InputMethod } from './durations';
import { FieldChecks } from './field-checks';
import { findExportFailCode, findFailCode, hasExportNoResultMarker, hasVeoMarker } from './markers';
import { requireObjectBody } from './request-body';
import { checkFormat, frameSize, MAX_CUSTOM_SIDE, type VideoFormat } from './videos';

export const VOICE_FILE_EXTENSIONS = ['mp3', 'wav', 'm4a'] as const;
export const MAX_WEB_URLS = 10;
/** Images animated when animate_image is on and animate_image_max is not given. */
export const DEFAULT_ANIMATED_IMAGES = 3;
/** Models assumed for an avatar given by URL (no catalogue entry to read model_available from). */
export const URL_AVATAR_MODELS: AvatarModel[] = ['standard', 'premium'];

export interface GenerationPlan {
	method: InputMethod;
	durationSeconds: number;
	format: VideoFormat;
	width: number;
	height: number;
	avatar?: { id: string; modelAvailable: AvatarModel[] };
	/** The avatar is on screen for the whole video. */
	avatarSeconds: number;
	animatedImages: number;
	webhookUrl?: string;
	failCode?: string;
	exportFailCode?: string;
	veoMade?: true;
	exportsWithoutResult?: true;
}

/** What a generation start is checked against: the caller's space and the profile's rules. */
export interface GenerationContext {
	spaceId: string;
	catalogue: Catalogue;
	formats: readonly VideoFormat[];
	avatarModels: AvatarModelRules;
}

/**
 * Validates a generation start body in the order a caller can act on: missing content, field
 * types and bounds (all at once), missing voice, format, then catalogue look-ups.
 */
export function parseGenerationStart(rawBody: unknown, context: GenerationContext): GenerationPlan {
	const { spaceId, catalogue } = context;
	const body = requireObjectBody(rawBody);
	const checks = new FieldChecks(body);
	if (!['prompt', 'script', 'voice_url', 'avatar_url'].some((field) => checks.hasContent(field))) {
		throw new ApiError(
			400,
			'MISSING_CONTENT',
			'Provide one of prompt, script, voice_url or avatar_url.',
		);
	}

	const prompt = checks.string('prompt') || undefined;
	const script = checks.string('script') || undefined;
	const duration = checks.number('duration', { min: 10, max: 600 });
	const voiceId = checks.string('voice_id') || undefined;
	const voiceUrl = checks.hasContent('voice_url')
		? checks.url('voice_url', VOICE_FILE_EXTENSIONS)
		: undefined;
	const avatarId = checks.string('avatar_id') || undefined;
	const avatarUrl = checks.hasContent('avatar_url') ? checks.url('avatar_url') : undefined;
	const width = checks.number('width', { min: 1, max: MAX_CUSTOM_SIDE, integer: true });
	const height = checks.number('height', { min: 1, max: MAX_CUSTOM_SIDE, integer: true });
	checkWebSearch(checks);
	const animateImage = checks.boolean('animate_image');
	const webhookUrl = checks.hasContent('webhook_url') ? checks.url('webhook_url') : undefined;
	checks.urlArray('media_urls');
	checks.urlArray('web_urls', { maxItems: MAX_WEB_URLS });
	checks.oneOf('animate_mode', ['standard', 'pro']);
	const animateImageMax = checks.number('animate_image_max', { min: 0, integer: true });

	// A script wins over a prompt when both are given: it is the more explicit instruction.
	const method: InputMethod = checks.hasContent('script')
		? 'script'
		: checks.hasContent('prompt')
			? 'prompt'
			: 'media';
	if (method === 'prompt' && !checks.has('duration'))
		checks.missing('duration', 'duration is required when prompt is used');
	checks.throwIfAny();

	if (method === 'script' && voiceId === undefined && voiceUrl === undefined) {
		throw new ApiError(400, 'MISSING_VOICE', 'A script needs voice_id or voice_url.');
	}
	const format = checkFormat(checks.has('format') ? body.format : 'vertical', context.formats, 'Invalid format');
	if (voiceId !== undefined && !catalogue.findVoice(spaceId, voiceId)) {
		throw new ApiError(400, 'INVALID_VOICE_ID', `Voice "${voiceId}" not found.`);
	}
	const avatar = resolveAvatar(context, avatarId, avatarUrl);

	const durationSeconds = videoSeconds({
		method,
		...(duration !== undefined ? { duration } : {}),
		...(script !== undefined ? { script } : {}),
	});
	const failCode = findFailCode(prompt, script);
	const exportFailCode = findExportFailCode(prompt, script);
	return {
		method,
		durationSeconds,
		format,
		...frameSize(format, width, height),
		...(avatar ? { avatar } : {}),
		avatarSeconds: avatar ? durationSeconds : 0,
		animatedImages: animateImage === true ? (animateImageMax ?? DEFAULT_ANIMATED_IMAGES) : 0,
		...(webhookUrl !== undefined ? { webhookUrl } : {}),
		...(failCode !== undefined ? { failCode } : {}),
		...(exportFailCode !== undefined ? { exportFailCode } : {}),
		...(hasVeoMarker(prompt, script) ? { veoMade: true } : {}),
		...(hasExportNoResultMarker(prompt, script) ? { exportsWithoutResult: true } : {}),
	};
}

function checkWebSearch(checks: FieldChecks): void {
	const webSearch = checks.object('web_search');
	if (!webSearch) return;
	const nested = new FieldChecks(webSearch);
	nested.boolean('script');
	nested.boolean('images');
	checks.details.push(
		...nested.details.map((detail) => ({ ...detail, field: `web_search.${detail.field ?? ''}` })),
	);
}

/** An avatar by URL has no preview video. */
function resolveAvatar(
	{ catalogue, spaceId, avatarModels }: GenerationContext,
	avatarId: string | undefined,
	avatarUrl: string | undefined,
): GenerationPlan['avatar'] {
	if (avatarId !== undefined) {
		const look = catalogue.findAvatar(spaceId, avatarId);
		if (!look) throw new ApiError(400, 'INVALID_AVATAR_ID', `Avatar "${avatarId}" not found.`);
		return { id: look.id, modelAvailable: avatarModels.offered(lookSource(look)) };
	}
	if (avatarUrl !== undefined) {
		return {
			id: 'custom_url_avatar',
			modelAvailable: avatarModels.offered({ models: URL_AVATAR_MODELS, hasPreview: false }),
		};
	}
	return undefined;
}
