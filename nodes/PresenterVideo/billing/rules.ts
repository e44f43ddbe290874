import { AVATAR_MODELS, type AvatarModel } from '../service/limits';

/**
 * The contract's credit rules ("Credit costs"), as pure functions of seconds and pixels.
 * Where the contract leaves a reading open, the reading is stated next to the rule.
 */

/** Credits are decimals (0.1, 2.5, 2.3): round to 1e-6 so 3 x 8 x 2.3 is 55.2, not 55.199999999999996. */
export function roundCredits(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}

const GENERATION_CREDITS_PER_BLOCK = 5;

const BLOCK_SECONDS = 30;

const GENERATION_BUFFER_SECONDS = 15;

export const CREDITS_PER_ANIMATED_IMAGE = 5;

/**
 * "5 credits per 30 seconds (with 15 seconds of buffer)": the buffer is a grace period, so a video
 * may run up to 15 s into a new 30-second block before that block is billed. 0-45 s cost one block,
 * 46-75 s two, 76-105 s three; at least one block is always billed. This is also the sandbox's
 * reading, so its `estimated_credits` and `cost` agree with this estimate.
 */
export function generationBlocks(durationSeconds: number): number {
	return Math.max(1, Math.ceil((durationSeconds - GENERATION_BUFFER_SECONDS) / BLOCK_SECONDS));
}

export function generationCredits(durationSeconds: number, animatedImages: number): number {
	return roundCredits(
		generationBlocks(durationSeconds) * GENERATION_CREDITS_PER_BLOCK + animatedImages * CREDITS_PER_ANIMATED_IMAGE,
	);
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

/**
 * "width > 1920 OR height > 1080", read for either orientation: a frame is high resolution when it
 * is larger than 1080p, its long side over 1920 or its short side over 1080. Read literally, the
 * default vertical 1080x1920 would be high resolution and no API video's first export would be free.
 */
export function isHighResolution(width: number, height: number): boolean {
	return Math.max(width, height) > 1920 || Math.min(width, height) > 1080;
}

export function highResolutionCredits(width: number, height: number, durationSeconds: number): number {
	return isHighResolution(width, height)
		? roundCredits(exportBlocks(durationSeconds) * HIGH_RESOLUTION_CREDITS_PER_BLOCK)
		: 0;
}

const AVATAR_CREDITS_PER_SECOND: Record<AvatarModel, number> = {
	standard: 0,
	premium: 0.8,
	ultra: 2.3,
	'veo-3-fast': 2.3,
	'veo-3': 5,
};

const SEGMENT_SECONDS = 8;

export function isAvatarModel(value: unknown): value is AvatarModel {
	return typeof value === 'string' && (AVATAR_MODELS as readonly string[]).includes(value);
}

/** Veo models bill whole 8-second segments of avatar visibility; the others bill seconds. */
export function avatarCredits(model: AvatarModel, avatarSeconds: number): number {
	const billedSeconds = model.startsWith('veo-')
		? Math.ceil(avatarSeconds / SEGMENT_SECONDS) * SEGMENT_SECONDS
		: avatarSeconds;
	return roundCredits(billedSeconds * AVATAR_CREDITS_PER_SECOND[model]);
}
