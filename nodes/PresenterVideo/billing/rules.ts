import { AVATAR_MODELS, type AvatarModel } from '../service/limits';

/** `contract`: service-api.md's "Credit costs"; `code`: what the service's code bills today, where it differs. */
export type CostReading = 'contract' | 'code';

/** Credits are decimals (0.1, 2.5, 2.3): round to 1e-6 so 3 x 8 x 2.3 is 55.2, not 55.199999999999996. */
export function roundCredits(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}

const GENERATION_CREDITS_PER_BLOCK = 5;
const BLOCK_SECONDS = 30;
const GENERATION_BUFFER_SECONDS = 15;
export const CREDITS_PER_ANIMATED_IMAGE = 5;

/** "5 credits per 30 seconds (with 15 seconds of buffer)": 0-45 s one block, 46-75 s two; the sandbox's reading too. */
export function generationBlocks(durationSeconds: number): number {
	return Math.max(1, Math.ceil((durationSeconds - GENERATION_BUFFER_SECONDS) / BLOCK_SECONDS));
}

const CODE_ROUNDING_SECONDS = 10;

/** The service's code: seconds rounded up to 10 s, minus 10, per started 30 s: 10-40 s one block, 41-70 s two. */
export function codeGenerationBlocks(durationSeconds: number): number {
	const counted = Math.ceil(durationSeconds / CODE_ROUNDING_SECONDS) * CODE_ROUNDING_SECONDS - CODE_ROUNDING_SECONDS;
	return Math.max(1, Math.ceil(counted / BLOCK_SECONDS));
}

export function generationCredits(durationSeconds: number, animatedImages: number, reading: CostReading): number {
	const blocks = reading === 'code' ? codeGenerationBlocks(durationSeconds) : generationBlocks(durationSeconds);
	return roundCredits(blocks * GENERATION_CREDITS_PER_BLOCK + animatedImages * CREDITS_PER_ANIMATED_IMAGE);
}

/** Export components bill every started 30 seconds of the video. */
export function exportBlocks(durationSeconds: number): number {
	return Math.max(1, Math.ceil(durationSeconds / BLOCK_SECONDS));
}

const DASHBOARD_BASE_CREDITS_PER_BLOCK = 5;
const HIGH_RESOLUTION_CREDITS_PER_BLOCK = 2.5;

export function baseExportCredits(origin: 'api' | 'dashboard', durationSeconds: number): number {
	return origin === 'dashboard' ? exportBlocks(durationSeconds) * DASHBOARD_BASE_CREDITS_PER_BLOCK : 0;
}

/** "width > 1920 OR height > 1080" for either orientation: read literally, the default 1080x1920 would be high. */
export function isHighResolution(width: number, height: number): boolean {
	return Math.max(width, height) > 1920 || Math.min(width, height) > 1080;
}

/** The service's code: only a custom frame, read literally (width over 1920 or height over 1080). */
export function isCodeHighResolution(format: string | undefined, width: number, height: number): boolean {
	return format === 'custom' && (width > 1920 || height > 1080);
}

export function highResolutionCredits(durationSeconds: number): number {
	return roundCredits(exportBlocks(durationSeconds) * HIGH_RESOLUTION_CREDITS_PER_BLOCK);
}

const AVATAR_CREDITS_PER_SECOND: Record<AvatarModel, number> = {
	standard: 0,
	premium: 0.8,
	ultra: 2.3,
	'veo-3-fast': 2.3,
	'veo-3': 5,
};

/** The service's code bills premium at 0.5 a second (the contract: 0.8). */
const CODE_PREMIUM_CREDITS_PER_SECOND = 0.5;

/** The model a guard counts when the service picks it: the dearest per second. */
export const DEAREST_AVATAR_MODEL: AvatarModel = 'veo-3';

const SEGMENT_SECONDS = 8;

export function isAvatarModel(value: unknown): value is AvatarModel {
	return typeof value === 'string' && (AVATAR_MODELS as readonly string[]).includes(value);
}

/** Veo models bill whole 8-second segments of avatar visibility; the others bill seconds. */
export function avatarCredits(model: AvatarModel, avatarSeconds: number, reading: CostReading): number {
	const billedSeconds = model.startsWith('veo-')
		? Math.ceil(avatarSeconds / SEGMENT_SECONDS) * SEGMENT_SECONDS
		: avatarSeconds;
	const rate =
		reading === 'code' && model === 'premium' ? CODE_PREMIUM_CREDITS_PER_SECOND : AVATAR_CREDITS_PER_SECOND[model];
	return roundCredits(billedSeconds * rate);
}
