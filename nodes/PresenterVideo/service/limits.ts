/** The service's documented input bounds. */
export const LIMITS = {
	minDuration: 10,
	maxDuration: 600,
	defaultScriptDuration: 60,
	maxScriptPromptLength: 10_000,
	maxWebUrls: 10,
	maxPixels: 5000,
	voiceFileExtensions: ['mp3', 'wav', 'm4a'],
} as const;

export const VIDEO_FORMATS = ['vertical', 'square', 'ads', 'horizontal', 'custom'] as const;

export type VideoFormat = (typeof VIDEO_FORMATS)[number];

export const AVATAR_MODELS = ['standard', 'premium', 'ultra', 'veo-3-fast', 'veo-3'] as const;

export type AvatarModel = (typeof AVATAR_MODELS)[number];

export const ANIMATE_MODES = ['standard', 'pro'] as const;

/** Every generation body field the node fills from its own fields: Extra Body Fields may not set them. */
export const GENERATION_BODY_FIELDS = [
	'prompt',
	'duration',
	'script',
	'voice_id',
	'voice_url',
	'avatar_id',
	'avatar_url',
	'format',
	'width',
	'height',
	'web_search',
	'animate_image',
	'animate_mode',
	'animate_image_max',
	'use_space_media',
	'save_media_to_space',
	'media_urls',
	'web_urls',
	'webhook_url',
	'video_id',
	'avatar_model',
] as const;

/** Switches the service documents that only Extra Body Fields carry. */
export const EXTRA_BOOLEAN_FIELDS = [
	'emotion_enhancement',
	'enable_subtitles',
	'enable_broll',
	'enable_music',
	'enable_transitions',
] as const;

/** Avatar model ids: the five the contract names, and any other an avatar lists in model_available. */
export const AVATAR_MODEL_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/i;
