import {
	avatarModelCost,
	avatarSegments,
	exportCost,
	generationBlocks,
	generationCost,
	isHighResolution,
	roundCredits,
	scriptGenerationCost,
} from './costs';

describe('credit rules (pure)', () => {
	describe('the four worked examples of the spec', () => {
		it('40 s of avatar visibility on premium costs 32', () => {
			expect(avatarModelCost('premium', 40)).toBe(32);
		});

		it('3 segments of veo-3-fast cost 3 x 8 x 2.3 = 55.2', () => {
			expect(avatarSegments(24)).toBe(3);
			expect(avatarModelCost('veo-3-fast', 24)).toBe(55.2);
		});

		it('a 60 s high-resolution API video costs 2 x 2.5 = 5 to export', () => {
			expect(exportCost({ durationSeconds: 60, origin: 'api', width: 3840, height: 2160 })).toEqual(
				{
					base: 0,
					highResolution: 5,
					avatar: 0,
					total: 5,
				},
			);
		});

		it('a 90 s dashboard video, high resolution, 60 s premium avatar costs 15 + 7.5 + 48 = 70.5', () => {
			expect(
				exportCost({
					durationSeconds: 90,
					origin: 'dashboard',
					width: 2560,
					height: 1440,
					avatarModel: 'premium',
					avatarSeconds: 60,
				}),
			).toEqual({ base: 15, highResolution: 7.5, avatar: 48, total: 70.5 });
		});
	});

	describe('generation: 5 credits per 30 s with a 15 s buffer, 5 per animated image', () => {
		it.each([
			[10, 1],
			[30, 1],
			[45, 1],
			[46, 2],
			[60, 2],
			[75, 2],
			[76, 3],
			[600, 20],
		])('%i s bills %i block(s)', (seconds, blocks) => {
			expect(generationBlocks(seconds)).toBe(blocks);
			expect(generationCost({ durationSeconds: seconds })).toBe(blocks * 5);
		});

		it('adds 5 credits per animated image', () => {
			expect(generationCost({ durationSeconds: 60, animatedImages: 3 })).toBe(25);
			expect(generationCost({ durationSeconds: 60, animatedImages: 0 })).toBe(10);
		});
	});

	describe('script generation: 0.1 per started minute, +0.1 web search, +0.1 per URL', () => {
		it.each([
			[{ durationSeconds: 60 }, 0.1],
			[{ durationSeconds: 10 }, 0.1],
			[{ durationSeconds: 61 }, 0.2],
			[{ durationSeconds: 600 }, 1],
			[{ durationSeconds: 60, webSearch: true }, 0.2],
			[{ durationSeconds: 60, webSearch: true, urlCount: 1 }, 0.3],
			[{ durationSeconds: 120, webSearch: true, urlCount: 10 }, 1.3],
		])('%j costs %d', (input, expected) => {
			expect(scriptGenerationCost(input)).toBe(expected);
		});
	});

	describe('export', () => {
		it('is free for an API video in a standard format with the standard model', () => {
			expect(
				exportCost({
					durationSeconds: 120,
					origin: 'api',
					width: 1080,
					height: 1920,
					avatarModel: 'standard',
					avatarSeconds: 120,
				}).total,
			).toBe(0);
		});

		it('bills dashboard videos 5 per started 30 s', () => {
			expect(
				exportCost({ durationSeconds: 31, origin: 'dashboard', width: 1920, height: 1080 }).base,
			).toBe(10);
		});

		it('bills ultra per second and veo-3 per started 8-second segment', () => {
			expect(avatarModelCost('ultra', 10)).toBe(23);
			expect(avatarModelCost('veo-3', 17)).toBe(120);
			expect(avatarModelCost('veo-3-fast', 1)).toBe(18.4);
			expect(avatarModelCost('standard', 600)).toBe(0);
		});

		it('ignores the avatar part when no model applies', () => {
			expect(
				exportCost({ durationSeconds: 60, origin: 'api', width: 1080, height: 1080 }).avatar,
			).toBe(0);
		});
	});

	describe('high resolution means larger than 1080p in either orientation', () => {
		it.each([
			[1080, 1920, false],
			[1920, 1080, false],
			[1080, 1080, false],
			[1080, 1350, false],
			[1921, 1080, true],
			[1080, 1921, true],
			[1200, 1200, true],
			[3840, 2160, true],
			[5000, 100, true],
		])('%i x %i -> %s', (width, height, expected) => {
			expect(isHighResolution(width, height)).toBe(expected);
		});
	});

	it('rounds credit sums to 1e-6', () => {
		expect(0.1 + 0.2).not.toBe(0.3);
		expect(roundCredits(0.1 + 0.2)).toBe(0.3);
		expect(roundCredits(3 * 8 * 2.3)).toBe(55.2);
	});
});
