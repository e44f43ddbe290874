import { startSandbox, veoVideoMarker, type Sandbox } from './index';
import { generateVideo, get, post } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ profile: 'code', timings: { generationMs: 100, exportMs: 100 } });
});
afterAll(() => sandbox.close());

const startGeneration = (body: Record<string, unknown>) =>
	post(sandbox, '/generation/start', { prompt: 'Formats', duration: 30, ...body });

const detailsError = (code: string, field: string) => ({
	error: expect.any(String),
	details: [{ code, message: expect.any(String), field }],
});

describe("profile 'code': formats", () => {
	let videoId: string;
	beforeAll(async () => {
		videoId = await generateVideo(sandbox, { prompt: 'To export', duration: 30 });
	});

	it('refuses horizontal on both starts with 400 invalid_format in the details shape', async () => {
		const generation = await startGeneration({ format: 'horizontal' });
		expect(generation.status).toBe(400);
		expect(generation.body).toEqual(detailsError('invalid_format', 'format'));
		const exported = await post(sandbox, '/export/start', { video_id: videoId, format: 'horizontal' });
		expect(exported.status).toBe(400);
		expect(exported.body).toEqual(detailsError('invalid_format', 'format'));
	});

	it('accepts vertical, square, ads and custom on both starts', async () => {
		for (const format of ['vertical', 'square', 'ads', 'custom']) {
			expect((await startGeneration({ format })).status).toBe(200);
			expect((await post(sandbox, '/export/start', { video_id: videoId, format })).status).toBe(200);
		}
	});

	it('checks width and height (1-5000) whenever they are sent, whatever the format', async () => {
		const tooNarrow = await startGeneration({ format: 'vertical', width: 0 });
		expect(tooNarrow.status).toBe(400);
		expect(tooNarrow.body).toEqual(detailsError('invalid_value', 'width'));
		const tooTall = await post(sandbox, '/export/start', { video_id: videoId, format: 'square', height: 5001 });
		expect(tooTall.status).toBe(400);
		expect(tooTall.body).toEqual(detailsError('invalid_value', 'height'));
		expect((await startGeneration({ format: 'custom', width: 5000, height: 5000 })).status).toBe(200);
		expect((await startGeneration({ format: 'custom', width: 1, height: 1 })).status).toBe(200);
	});
});

describe("profile 'code': avatar models", () => {
	it('lists only standard for looks with a preview video, every other model for looks without', async () => {
		const { body: looks } = await get(sandbox, '/resources/avatars');
		const withPreview = looks.filter((look: { preview?: string }) => look.preview !== undefined);
		const withoutPreview = looks.filter((look: { preview?: string }) => look.preview === undefined);
		expect(withPreview.length).toBeGreaterThan(0);
		expect(withoutPreview.map((look: { id: string }) => look.id)).toEqual(['av_custom_ceo_a', 'av_custom_host_a']);
		for (const look of withPreview) expect(look.model_available).toEqual(['standard']);
		for (const look of withoutPreview) expect(look.model_available).toEqual(['premium', 'ultra', 'veo-3', 'veo-3-fast']);
	});

	describe('on export (40 s videos; each estimate names the model used)', () => {
		const videos: Record<'preview' | 'noPreview' | 'veo' | 'noAvatar' | 'byUrl', string> = {
			preview: '',
			noPreview: '',
			veo: '',
			noAvatar: '',
			byUrl: '',
		};
		beforeAll(async () => {
			const ids = await Promise.all([
				generateVideo(sandbox, { prompt: 'Preview look', duration: 40, avatar_id: 'av_emma_office' }),
				generateVideo(sandbox, { prompt: 'Custom look', duration: 40, avatar_id: 'av_custom_ceo_a' }),
				generateVideo(sandbox, {
					prompt: `Veo ${veoVideoMarker()}`,
					duration: 40,
					avatar_id: 'av_emma_office',
				}),
				generateVideo(sandbox, { prompt: 'No avatar', duration: 40 }),
				generateVideo(sandbox, { avatar_url: 'https://example.com/me.png' }),
			]);
			[videos.preview, videos.noPreview, videos.veo, videos.noAvatar, videos.byUrl] = ids;
		});

		const estimate = async (video: string, avatarModel?: string) => {
			const response = await post(sandbox, '/export/start', {
				video_id: video,
				...(avatarModel !== undefined ? { avatar_model: avatarModel } : {}),
			});
			expect(response.status).toBe(200);
			return response.body.estimated_credits as number;
		};
		const refusal = async (video: string, avatarModel: string) => {
			const response = await post(sandbox, '/export/start', { video_id: video, avatar_model: avatarModel });
			expect(response.status).toBe(400);
			return response.body;
		};

		it('a look with a preview takes only standard, and uses it by default', async () => {
			expect(await estimate(videos.preview, 'standard')).toBe(0);
			expect(await estimate(videos.preview)).toBe(0);
			for (const model of ['premium', 'ultra', 'veo-3', 'veo-3-fast']) {
				expect(await refusal(videos.preview, model)).toEqual(
					detailsError('INCOMPATIBLE_AVATAR_MODEL', 'avatar_model'),
				);
			}
		});

		it('a look without a preview refuses standard and uses premium (0.5 credits/s) by default', async () => {
			expect(await refusal(videos.noPreview, 'standard')).toEqual(
				detailsError('INCOMPATIBLE_AVATAR_MODEL', 'avatar_model'),
			);
			expect(await estimate(videos.noPreview)).toBe(20);
			expect(await estimate(videos.noPreview, 'premium')).toBe(20);
			expect(await estimate(videos.noPreview, 'ultra')).toBe(92);
			expect(await estimate(videos.noPreview, 'veo-3')).toBe(200);
			expect(await estimate(videos.noPreview, 'veo-3-fast')).toBe(92);
		});

		it('an avatar given by URL counts as a look without preview', async () => {
			expect(await refusal(videos.byUrl, 'standard')).toEqual(
				detailsError('INCOMPATIBLE_AVATAR_MODEL', 'avatar_model'),
			);
			expect(await estimate(videos.byUrl)).toBe(15);
		});

		it(`a Veo-made video (${veoVideoMarker()}) takes only veo-3 and veo-3-fast, and veo-3-fast by default`, async () => {
			for (const model of ['standard', 'premium', 'ultra']) {
				expect(await refusal(videos.veo, model)).toEqual(
					detailsError('INCOMPATIBLE_AVATAR_MODEL', 'avatar_model'),
				);
			}
			expect(await estimate(videos.veo, 'veo-3')).toBe(200);
			expect(await estimate(videos.veo, 'veo-3-fast')).toBe(92);
			expect(await estimate(videos.veo)).toBe(92);
		});

		it('a model on a video without avatar is 400 INVALID_PARAMETER; without one the export is free', async () => {
			expect(await refusal(videos.noAvatar, 'standard')).toEqual(
				detailsError('INVALID_PARAMETER', 'avatar_model'),
			);
			expect(await estimate(videos.noAvatar)).toBe(0);
		});
	});
});
