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
