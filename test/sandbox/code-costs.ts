/**
 * Credit rules as the service's code applies them, where they differ from the contract's
 * (observed-extras.md, "The service's code, read"). Everything not here is priced as in costs.ts.
 */
import {
	CONTRACT_AVATAR_RATES,
	generationCost,
	type ExportPriceRules,
	type PriceRules,
} from './costs';

const BLOCK_SECONDS = 30;
const FREE_SECONDS = 10;

/**
 * Seconds rounded up to 10, minus 10 free seconds, then a block per started 30 s, at least one:
 * 10-40 s make 1 block (5 credits), 41-70 s make 2, 71-100 s make 3.
 */
export function codeGenerationBlocks(durationSeconds: number): number {
	const billedSeconds = Math.ceil(durationSeconds / 10) * 10 - FREE_SECONDS;
	return Math.max(1, Math.ceil(billedSeconds / BLOCK_SECONDS));
}

export function codeGenerationCost(input: { durationSeconds: number; animatedImages?: number }): number {
	return generationCost(input, codeGenerationBlocks);
}

/** The code's high resolution: only `custom` frames count, read literally (width > 1920 or height > 1080). */
export function isCodeHighResolution(frame: { format?: string; width: number; height: number }): boolean {
	return frame.format === 'custom' && (frame.width > 1920 || frame.height > 1080);
}

export const CODE_EXPORT_PRICES: ExportPriceRules = {
	avatarRates: { ...CONTRACT_AVATAR_RATES, premium: 0.5 },
	isHighResolution: isCodeHighResolution,
};

/**
 * A generation is debited when it ends (nothing when it fails); an export of an API-made video is
 * never debited; an export of a dashboard video keeps the contract's billing, so it stays billable.
 */
export const CODE_PRICES: PriceRules = {
	generation: codeGenerationCost,
	export: CODE_EXPORT_PRICES,
	billing: (kind, origin) =>
		kind === 'generation' ? 'at-completion' : origin === 'dashboard' ? 'at-start' : 'never',
};
