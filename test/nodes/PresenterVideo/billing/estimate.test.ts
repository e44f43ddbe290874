import {
	addEstimates,
	estimateExportCredits,
	estimateGenerationCredits,
} from '../../../../nodes/PresenterVideo/billing/estimate';
import { CODE_EXPORT_PRICES, codeGenerationCost } from '../../../sandbox/code-costs';
import { AVATAR_MODELS, exportCost, generationCost } from '../../../sandbox/costs';
import { scriptSeconds } from '../../../sandbox/durations';

const known = { origin: 'api' as const, format: 'vertical', hasAvatar: false };

describe('credit estimate of an export start', () => {
	it('40 s of avatar visibility on premium: the guard counts the contract’s 32, the estimate shown the code’s 0', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', avatar_model: 'premium' },
			{ ...known, durationSeconds: 40, avatarSeconds: 40 },
		);
		expect(estimate).toMatchObject({ credits: 32, likely: 0, assumptions: [], unbounded: undefined });
		expect(estimate.reading).toMatch(/service’s code/);
	});

	it('3 segments of veo-3-fast cost 3 x 8 x 2.3 = 55.2, also for 17 s of visibility', () => {
		const video = { ...known, durationSeconds: 24 };
		expect(estimateExportCredits({ video_id: 'v1', avatar_model: 'veo-3-fast' }, video).credits).toBe(55.2);
		expect(
			estimateExportCredits({ video_id: 'v1', avatar_model: 'veo-3-fast' }, { ...video, avatarSeconds: 17 }).credits,
		).toBe(55.2);
	});

	it('a 90 s dashboard video, high resolution, 60 s premium avatar: 70.5 by the contract, 52.5 by the code', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', format: 'custom', width: 2560, height: 1440, avatar_model: 'premium' },
			{ durationSeconds: 90, origin: 'dashboard', avatarSeconds: 60 },
		);
		expect(estimate).toMatchObject({ credits: 70.5, likely: 52.5, assumptions: [] });
	});

	it('counts a custom 1080x1920 as high resolution, as the code reads it, but not the vertical format', () => {
		const video = { ...known, durationSeconds: 30 };
		const guard = (body: object) => estimateExportCredits({ video_id: 'v1', ...body }, video).credits;
		expect(guard({ format: 'custom', width: 1080, height: 1920 })).toBe(2.5);
		expect(guard({ format: 'custom', width: 1920, height: 1080 })).toBe(0);
		expect(guard({ format: 'vertical' })).toBe(0);
		expect(guard({ format: 'horizontal' })).toBe(0);
	});

	it('is never below what either reading of the service bills, for every model, frame and length', () => {
		for (const model of AVATAR_MODELS) {
			for (const [format, width, height] of [
				['custom', 1080, 1920],
				['custom', 3840, 2160],
				['vertical', 1080, 1920],
				['square', 1080, 1080],
			] as const) {
				for (const durationSeconds of [10, 31, 95, 600]) {
					for (const origin of ['api', 'dashboard'] as const) {
						const body = { video_id: 'v1', format, width, height, avatar_model: model };
						const billed = {
							durationSeconds,
							origin,
							format,
							width,
							height,
							avatarModel: model,
							avatarSeconds: durationSeconds,
						};
						const guard = estimateExportCredits(body, { durationSeconds, origin }).credits;
						expect(guard).toBeGreaterThanOrEqual(exportCost(billed).total);
						expect(guard).toBeGreaterThanOrEqual(exportCost(billed, CODE_EXPORT_PRICES).total);
					}
				}
			}
		}
	});

	it('counts a model the service picks as the dearest, veo-3, unless the video is known to have no avatar', () => {
		const video = { origin: 'api' as const, format: 'vertical', durationSeconds: 10 };
		const picked = estimateExportCredits({ video_id: 'v1' }, video);
		expect(picked.credits).toBe(80);
		expect(picked.assumptions).toContain('Avatar model chosen by the service: counted as veo-3, the dearest.');
		expect(estimateExportCredits({ video_id: 'v1' }, { ...video, hasAvatar: false }).credits).toBe(0);
	});

	it('counts the video’s own frame as the largest allowed, 5000x5000: high resolution', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', format: 'original' },
			{ origin: 'api', durationSeconds: 60, hasAvatar: false },
		);
		expect(estimate.credits).toBe(5);
	});

	it('with no length it can vouch for, has no bound and says what to set', () => {
		const estimate = estimateExportCredits({ video_id: 'v1', avatar_model: 'premium' });
		expect(estimate.unbounded?.fix).toMatch(/Video Length at Most \(Seconds\).*or clear Max Credits per Execution/);
		// 600 s: 100 dashboard base, 50 high resolution of a 5000x5000 frame, 480 premium.
		expect(estimate.credits).toBe(630);
	});

	it('does not let what an input item says lower the guard: only the estimate shown uses it', () => {
		const body = { video_id: 'v1', format: 'original' };
		const bound = { durationSeconds: 300 };
		const alone = estimateExportCredits(body, bound);
		const hinted = estimateExportCredits(body, bound, {
			durationSeconds: 10,
			origin: 'api',
			hasAvatar: false,
			width: 1080,
			height: 1920,
		});
		expect(hinted.credits).toBe(alone.credits);
		expect(hinted.unbounded).toBeUndefined();
		expect(hinted.likely).toBe(0);
		expect(estimateExportCredits(body, {}, { durationSeconds: 10 }).unbounded).toBeDefined();
	});
});

describe('credit estimate of a generation start', () => {
	it('guards with the dearer of the contract’s blocks (15 s buffer) and the code’s (rounded to 10 s, minus 10)', () => {
		const cost = (duration: number) => estimateGenerationCredits({ prompt: 'A talk', duration });
		expect(cost(40)).toMatchObject({ credits: 5, likely: 5 });
		expect(cost(41)).toMatchObject({ credits: 10, likely: 10 });
		expect(cost(45)).toMatchObject({ credits: 10, likely: 10 });
		expect(cost(71)).toMatchObject({ credits: 15, likely: 15 });
		expect(cost(76)).toMatchObject({ credits: 15, likely: 15 });
	});

	it('is never below either reading for every allowed prompt duration, and shows the code’s', () => {
		for (let duration = 10; duration <= 600; duration++) {
			const estimate = estimateGenerationCredits({ prompt: 'A talk', duration });
			expect(estimate.credits).toBe(
				Math.max(generationCost({ durationSeconds: duration }), codeGenerationCost({ durationSeconds: duration })),
			);
			expect(estimate.likely).toBe(codeGenerationCost({ durationSeconds: duration }));
		}
	});

	it('times a script at 150 words a minute, as the sandbox does', () => {
		for (const words of [1, 40, 112, 113, 300, 1000]) {
			const script = Array.from({ length: words }, (_, index) => `word${index}`).join(' ');
			expect(estimateGenerationCredits({ script, voice_id: 'v' }).credits).toBeGreaterThanOrEqual(
				generationCost({ durationSeconds: scriptSeconds(script) }),
			);
		}
	});

	it('adds 5 per animated image; without a maximum it has no bound and says what to set', () => {
		const body = { prompt: 'A talk', duration: 60, animate_image: true };
		expect(estimateGenerationCredits({ ...body, animate_image_max: 4 })).toMatchObject({
			credits: 30,
			assumptions: [],
			unbounded: undefined,
		});
		expect(estimateGenerationCredits({ ...body, animate_image_max: 0 }).credits).toBe(10);
		const unbounded = estimateGenerationCredits(body);
		expect(unbounded.likely).toBe(25);
		expect(unbounded.unbounded?.fix).toMatch(/Set Max Images to Animate/);
		expect(estimateGenerationCredits({ ...body, animate_image: false, animate_image_max: 9 }).credits).toBe(10);
	});

	it('counts a script at a slow voice’s 100 words a minute for the guard, 150 for the estimate shown', () => {
		const script = Array.from({ length: 100 }, (_, index) => `word${index}`).join(' ');
		// 60 s counted: 10 either way; 40 s likely: 5 by the code.
		expect(estimateGenerationCredits({ script, voice_id: 'v' })).toMatchObject({ credits: 10, likely: 5 });
	});

	it('has no bound for a media-only video, whose length follows the recording, and says what to set', () => {
		const estimate = estimateGenerationCredits({ voice_url: 'https://example.com/a.mp3' });
		expect(estimate.credits).toBe(100);
		expect(estimate.assumptions).toHaveLength(1);
		expect(estimate.unbounded?.fix).toBe(
			'Give a script or a prompt with a duration, or clear Max Credits per Execution.',
		);
		expect(estimateGenerationCredits({ prompt: 'A talk', duration: 60 }).unbounded).toBeUndefined();
	});
});

describe('what an estimate counts, in words', () => {
	it('names a script’s words and the video they make, and a prompt video’s length', () => {
		const words = Array.from({ length: 3470 }, () => 'word').join(' ');
		expect(estimateGenerationCredits({ script: words }).basis).toBe(
			'a video of about 1,388 s from a script of 3,470 words (150 words a minute)',
		);
		expect(
			estimateGenerationCredits({ prompt: 'Coffee', duration: 45, animate_image: true, animate_image_max: 2 }).basis,
		).toBe('a 45-s video with 2 animated images');
	});

	it('leaves out a second start it counts at nothing', () => {
		const generation = estimateGenerationCredits({ prompt: 'Coffee', duration: 45 });
		const freeExport = estimateExportCredits({ video_id: 'v1' }, { ...known, durationSeconds: 45 });
		const paidExport = estimateExportCredits(
			{ video_id: 'v1', avatar_model: 'premium' },
			{ durationSeconds: 45, origin: 'dashboard' },
		);
		expect(addEstimates(generation, freeExport).basis).toBe('a 45-s video');
		expect(addEstimates(generation, paidExport).basis).toBe(
			'a 45-s video, then the export of a 45-s video with the premium avatar model',
		);
	});
});
