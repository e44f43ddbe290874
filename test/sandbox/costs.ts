/**
 * Credit rules of the spec's Limits section, as pure functions.
 * Where the spec is silent the reading is stated next to the rule (see also README.md).
 */

export const AVATAR_MODELS = ['standard', 'premium', 'ultra', 'veo-3-fast', 'veo-3'] as const;
export type AvatarModel = (typeof AVATAR_MODELS)[number];

export function isAvatarModel(value: unknown): value is AvatarModel {
	return typeof value === 'string' && (AVATAR_MODELS as readonly string[]).includes(value);
}

/** Credits are decimals (0.1, 2.5, 2.3): round to 1e-6 so 3 x 8 x 2.3 is 55.2, not 55.199999999999996. */
export function roundCredits(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}

const GENERATION_CREDITS_PER_BLOCK = 5;
const GENERATION_BLOCK_SECONDS = 30;
const GENERATION_BUFFER_SECONDS = 15;
const CREDITS_PER_ANIMATED_IMAGE = 5;

/**
 * "5 credits per 30 seconds (with 15 seconds of buffer)": a 30-second block is billed once the
 * video runs more than 15 s into it, so 10-45 s cost one block, 46-75 s two, 76-105 s three.
 * At least one block is always billed.
 */
export function generationBlocks(durationSeconds: number): number {
	const blocks = Math.ceil(
		(durationSeconds - GENERATION_BUFFER_SECONDS) / GENERATION_BLOCK_SECONDS,
	);
	return Math.max(1, blocks);
}

/** 5 credits per block plus 5 per animated image; `blocks` says how many blocks a video's length makes. */
export function generationCost(
	input: { durationSeconds: number; animatedImages?: number },
	blocks: (durationSeconds: number) => number = generationBlocks,
): number {
	const base = blocks(input.durationSeconds) * GENERATION_CREDITS_PER_BLOCK;
	return roundCredits(base + (input.animatedImages ?? 0) * CREDITS_PER_ANIMATED_IMAGE);
}

const SCRIPT_CREDITS_PER_MINUTE = 0.1;
const SCRIPT_WEB_SEARCH_CREDITS = 0.1;
const SCRIPT_CREDITS_PER_URL = 0.1;

/** "0.1 credits per 60 seconds": every started minute of target duration is billed. */
export function scriptGenerationCost(input: {
	durationSeconds: number;
	webSearch?: boolean;
	urlCount?: number;
}): number {
	const minutes = Math.max(1, Math.ceil(input.durationSeconds / 60));
	return roundCredits(
		minutes * SCRIPT_CREDITS_PER_MINUTE +
			(input.webSearch ? SCRIPT_WEB_SEARCH_CREDITS : 0) +
			(input.urlCount ?? 0) * SCRIPT_CREDITS_PER_URL,
	);
}

/**
 * "width > 1920 OR height > 1080", read for either orientation: a frame is high resolution when it
 * is larger than 1080p, i.e. its long side exceeds 1920 or its short side exceeds 1080. Read
 * literally, the default vertical 1080x1920 would be high resolution and the "0 credits" first
 * export of an API video would never happen.
 */
export function isHighResolution(width: number, height: number): boolean {
	return Math.max(width, height) > 1920 || Math.min(width, height) > 1080;
}

/** Export rules bill every started 30 seconds of the video. */
export function exportBlocks(durationSeconds: number): number {
	return Math.max(1, Math.ceil(durationSeconds / 30));
}

export type AvatarRates = Record<AvatarModel, number>;

/** Credits per second of avatar visibility. */
export const CONTRACT_AVATAR_RATES: AvatarRates = {
	standard: 0,
	premium: 0.8,
	ultra: 2.3,
	'veo-3-fast': 2.3,
	'veo-3': 5,
};
const SEGMENT_BILLED_MODELS: ReadonlySet<AvatarModel> = new Set<AvatarModel>([
	'veo-3-fast',
	'veo-3',
]);
const AVATAR_SEGMENT_SECONDS = 8;

/** Number of 8-second segments a veo model bills for the given avatar visibility. */
export function avatarSegments(avatarSeconds: number): number {
	return Math.ceil(avatarSeconds / AVATAR_SEGMENT_SECONDS);
}

export function avatarModelCost(
	model: AvatarModel,
	avatarSeconds: number,
	rates: AvatarRates = CONTRACT_AVATAR_RATES,
): number {
	const billedSeconds = SEGMENT_BILLED_MODELS.has(model)
		? avatarSegments(avatarSeconds) * AVATAR_SEGMENT_SECONDS
		: avatarSeconds;
	return roundCredits(billedSeconds * rates[model]);
}

/** The export rules that differ between readings of the service. */
export interface ExportPriceRules {
	avatarRates: AvatarRates;
	isHighResolution(frame: { format?: string; width: number; height: number }): boolean;
}

export const CONTRACT_EXPORT_PRICES: ExportPriceRules = {
	avatarRates: CONTRACT_AVATAR_RATES,
	isHighResolution: ({ width, height }) => isHighResolution(width, height),
};

export interface ExportCostInput {
	durationSeconds: number;
	origin: 'api' | 'dashboard';
	/** The export's format; the contract's rules do not need it. */
	format?: string;
	width: number;
	height: number;
	/** Only for videos with an avatar. */
	avatarModel?: AvatarModel;
	avatarSeconds?: number;
}

export interface ExportCostBreakdown {
	base: number;
	highResolution: number;
	avatar: number;
	total: number;
}

export function exportCost(
	input: ExportCostInput,
	prices: ExportPriceRules = CONTRACT_EXPORT_PRICES,
): ExportCostBreakdown {
	const blocks = exportBlocks(input.durationSeconds);
	const base = input.origin === 'dashboard' ? blocks * 5 : 0;
	const highResolution = prices.isHighResolution(input) ? roundCredits(blocks * 2.5) : 0;
	const avatar =
		input.avatarModel !== undefined
			? avatarModelCost(input.avatarModel, input.avatarSeconds ?? 0, prices.avatarRates)
			: 0;
	return { base, highResolution, avatar, total: roundCredits(base + highResolution + avatar) };
}

/** When a job's price leaves the balance. */
export type Billing = 'at-start' | 'at-completion' | 'never';

/** A profile's prices: how much, and when it is taken. */
export interface PriceRules {
	generation(input: { durationSeconds: number; animatedImages?: number }): number;
	export: ExportPriceRules;
	billing(kind: 'generation' | 'export', origin: 'api' | 'dashboard'): Billing;
}

/** Generation and export take the estimate at start and give it back if the job fails. */
export const CONTRACT_PRICES: PriceRules = {
	generation: (input) => generationCost(input),
	export: CONTRACT_EXPORT_PRICES,
	billing: () => 'at-start',
};
