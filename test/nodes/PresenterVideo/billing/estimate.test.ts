import { estimateExportCredits, estimateGenerationCredits } from '../../../../nodes/PresenterVideo/billing/estimate';
import { generationCost } from '../../../sandbox/costs';
import { scriptSeconds } from '../../../sandbox/durations';

describe('credit estimate of an export start', () => {
	it('40 s of avatar visibility on premium costs 32', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', avatar_model: 'premium' },
			{ durationSeconds: 40, origin: 'api', avatarSeconds: 40, width: 1080, height: 1920 },
		);
		expect(estimate).toEqual({ credits: 32, assumptions: [] });
	});

	it('3 segments of veo-3-fast cost 3 x 8 x 2.3 = 55.2', () => {
		const video = { durationSeconds: 24, origin: 'api' as const, width: 1080, height: 1920 };
		expect(estimateExportCredits({ video_id: 'v1', avatar_model: 'veo-3-fast' }, video).credits).toBe(55.2);
		// 17 s of visibility still bills 3 whole segments.
		expect(
			estimateExportCredits({ video_id: 'v1', avatar_model: 'veo-3-fast' }, { ...video, avatarSeconds: 17 }).credits,
		).toBe(55.2);
	});

	it('a 60 s high-resolution API video costs 2 x 2.5 = 5', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', format: 'custom', width: 3840, height: 2160 },
			{ durationSeconds: 60, origin: 'api' },
		);
		expect(estimate).toEqual({ credits: 5, assumptions: [] });
	});

	it('a 90 s dashboard video, high resolution, 60 s premium avatar costs 15 + 7.5 + 48 = 70.5', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', format: 'custom', width: 2560, height: 1440, avatar_model: 'premium' },
			{ durationSeconds: 90, origin: 'dashboard', avatarSeconds: 60 },
		);
		expect(estimate).toEqual({ credits: 70.5, assumptions: [] });
	});

	it('the first export of an API video in a standard format is free', () => {
		for (const format of ['vertical', 'square', 'ads', 'horizontal']) {
			expect(estimateExportCredits({ video_id: 'v1', format }, { durationSeconds: 600, origin: 'api' }).credits).toBe(
				0,
			);
		}
	});

	it('reads high resolution for either orientation: 1080x1920 is not, 1080x1921 and 1081x1920 are', () => {
		const video = { durationSeconds: 30, origin: 'api' as const };
		const cost = (width: number, height: number) =>
			estimateExportCredits({ video_id: 'v1', format: 'custom', width, height }, video).credits;
		expect(cost(1080, 1920)).toBe(0);
		expect(cost(1920, 1080)).toBe(0);
		expect(cost(1080, 1921)).toBe(2.5);
		expect(cost(1081, 1920)).toBe(2.5);
	});

	it('takes the whole video as avatar visibility when unknown, and says so', () => {
		const estimate = estimateExportCredits(
			{ video_id: 'v1', avatar_model: 'ultra' },
			{ durationSeconds: 10, origin: 'api', width: 1080, height: 1920 },
		);
		expect(estimate.credits).toBe(23);
		expect(estimate.assumptions).toEqual(['Avatar visibility unknown: counted as the whole video.']);
	});

	it('counts a service-chosen model as premium only for videos known to have an avatar', () => {
		const video = { durationSeconds: 10, origin: 'api' as const, width: 1080, height: 1920 };
		expect(estimateExportCredits({ video_id: 'v1' }, video).credits).toBe(0);
		const withAvatar = estimateExportCredits({ video_id: 'v1' }, { ...video, hasAvatar: true });
		expect(withAvatar.credits).toBe(8);
		expect(withAvatar.assumptions[0]).toMatch(/counted as premium/);
	});

	it('with nothing known about the video, assumes the longest API video in its default frame', () => {
		const estimate = estimateExportCredits({ video_id: 'v1', avatar_model: 'premium' });
		expect(estimate.credits).toBe(480);
		expect(estimate.assumptions).toEqual([
			'Video length unknown: counted as the longest allowed, 600 s.',
			'Video taken as generated through the API: its base export is free.',
			'Original frame unknown: taken as the default 1080x1920, not high resolution.',
			'Avatar visibility unknown: counted as the whole video.',
		]);
	});
});

describe('credit estimate of a generation start', () => {
	it('bills 5 per started 30 s after a 15 s buffer: 45 s is one block, 46 s two, 76 s three', () => {
		const cost = (duration: number) => estimateGenerationCredits({ prompt: 'A talk', duration }).credits;
		expect(cost(10)).toBe(5);
		expect(cost(45)).toBe(5);
		expect(cost(46)).toBe(10);
		expect(cost(60)).toBe(10);
		expect(cost(75)).toBe(10);
		expect(cost(76)).toBe(15);
		expect(cost(600)).toBe(100);
	});

	it('agrees with the sandbox billing for every allowed prompt duration', () => {
		for (let duration = 10; duration <= 600; duration++) {
			expect(estimateGenerationCredits({ prompt: 'A talk', duration }).credits).toBe(
				generationCost({ durationSeconds: duration }),
			);
		}
	});

	it('times a script at 150 words a minute, as the sandbox does', () => {
		for (const words of [1, 40, 112, 113, 300, 1000]) {
			const script = Array.from({ length: words }, (_, index) => `word${index}`).join(' ');
			expect(estimateGenerationCredits({ script, voice_id: 'v' }).credits).toBe(
				generationCost({ durationSeconds: scriptSeconds(script) }),
			);
		}
	});

	it('adds 5 per animated image, counting 3 when no maximum is given', () => {
		const body = { prompt: 'A talk', duration: 60, animate_image: true };
		expect(estimateGenerationCredits({ ...body, animate_image_max: 4 })).toEqual({
			credits: 30,
			assumptions: [],
		});
		expect(estimateGenerationCredits({ ...body, animate_image_max: 0 }).credits).toBe(10);
		const unbounded = estimateGenerationCredits(body);
		expect(unbounded.credits).toBe(25);
		expect(unbounded.assumptions).toEqual([
			'Number of animated images unknown (no Max Images to Animate): counted as 3.',
		]);
		expect(estimateGenerationCredits({ ...body, animate_image: false, animate_image_max: 9 }).credits).toBe(10);
	});

	it('counts a media-only video as the longest allowed, and says so', () => {
		const estimate = estimateGenerationCredits({ voice_url: 'https://example.com/a.mp3' });
		expect(estimate.credits).toBe(100);
		expect(estimate.assumptions).toHaveLength(1);
	});
});
