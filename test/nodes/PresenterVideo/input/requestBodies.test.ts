import {
	buildExportBody,
	buildGenerationBody,
	buildScriptBody,
} from '../../../../nodes/PresenterVideo/input/requestBodies';
import { refusal } from '../refusal';

describe('generation body', () => {
	it('sends a prompt with its duration, and only the fields that were set', () => {
		expect(
			buildGenerationBody({
				inputMethod: 'prompt',
				prompt: ' Coffee ',
				duration: 30,
				voiceId: 'v1',
				avatarId: '',
				format: 'vertical',
			}),
		).toEqual({
			prompt: 'Coffee',
			duration: 30,
			voice_id: 'v1',
			format: 'vertical',
		});
	});

	it('sends every optional field under the service names', () => {
		const body = buildGenerationBody({
			inputMethod: 'script',
			script: 'Hello',
			voiceUrl: 'https://cdn.example.com/me.m4a?token=1',
			avatarUrl: 'https://cdn.example.com/me.png',
			format: 'custom',
			width: 1200,
			height: 1600,
			webSearchScript: true,
			webSearchImages: false,
			animateImage: true,
			animateMode: 'pro',
			animateImageMax: 2,
			mediaUrls: 'https://a.example/1.jpg, https://a.example/2.mp4',
			webUrls: ['https://a.example/page'],
			webhookUrl: 'https://n8n.example/webhook/x',
			extraBodyFields: '{"enable_subtitles": false}',
		});
		expect(body).toEqual({
			enable_subtitles: false,
			script: 'Hello',
			voice_url: 'https://cdn.example.com/me.m4a?token=1',
			avatar_url: 'https://cdn.example.com/me.png',
			format: 'custom',
			width: 1200,
			height: 1600,
			web_search: { script: true, images: false },
			animate_image: true,
			animate_mode: 'pro',
			animate_image_max: 2,
			media_urls: ['https://a.example/1.jpg', 'https://a.example/2.mp4'],
			web_urls: ['https://a.example/page'],
			webhook_url: 'https://n8n.example/webhook/x',
		});
	});

	it.each([
		['a prompt without text', { inputMethod: 'prompt' as const, prompt: ' ', duration: 30 }, 'Prompt'],
		['a duration under 10 s', { inputMethod: 'prompt' as const, prompt: 'x', duration: 9 }, 'Duration (Seconds)'],
		['a duration over 600 s', { inputMethod: 'prompt' as const, prompt: 'x', duration: 601 }, 'Duration (Seconds)'],
		['a script without a voice', { inputMethod: 'script' as const, script: 'Hi' }, 'Voice'],
		[
			'a voice file that is not audio',
			{ inputMethod: 'script' as const, script: 'Hi', voiceUrl: 'https://x.example/v.ogg' },
			'Voice URL',
		],
		['media without any file', { inputMethod: 'media' as const }, 'Voice URL'],
		[
			'a custom width over 5000',
			{ inputMethod: 'prompt' as const, prompt: 'x', duration: 30, format: 'custom', width: 5001, height: 100 },
			'Width',
		],
		['an unknown format', { inputMethod: 'prompt' as const, prompt: 'x', duration: 30, format: 'portrait' }, 'Format'],
		[
			'11 web URLs',
			{
				inputMethod: 'prompt' as const,
				prompt: 'x',
				duration: 30,
				webUrls: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`),
			},
			'Web URLs',
		],
		[
			'a media URL that is not a web address',
			{ inputMethod: 'prompt' as const, prompt: 'x', duration: 30, mediaUrls: 'ftp://a.example/1.jpg' },
			'Media URLs',
		],
		[
			'extra fields that are not JSON',
			{ inputMethod: 'prompt' as const, prompt: 'x', duration: 30, extraBodyFields: '{nope' },
			'Extra Body Fields',
		],
		[
			'extra fields that redefine a form field',
			{ inputMethod: 'prompt' as const, prompt: 'x', duration: 30, extraBodyFields: { duration: 600 } },
			'Extra Body Fields',
		],
		[
			'an animation maximum without animation',
			{ inputMethod: 'prompt' as const, prompt: 'x', duration: 30, animateImageMax: 3 },
			'Max Images to Animate',
		],
	])('refuses %s, naming the field', (_, input, field) => {
		const error = refusal(() => buildGenerationBody(input));
		expect(error.field).toBe(field);
		expect(error.message.startsWith(`${field}:`)).toBe(true);
		expect(error.fix.length).toBeGreaterThan(10);
	});
});

describe('export body', () => {
	it('keeps the original format by sending none', () => {
		expect(buildExportBody({ videoId: 'vid_1', format: 'original', avatarModel: '' })).toEqual({ video_id: 'vid_1' });
	});

	it('sends custom sizes and the avatar model', () => {
		expect(
			buildExportBody({ videoId: 'vid_1', format: 'custom', width: 2160, height: 3840, avatarModel: 'premium' }),
		).toEqual({
			video_id: 'vid_1',
			format: 'custom',
			width: 2160,
			height: 3840,
			avatar_model: 'premium',
		});
	});

	it('refuses a missing video id and a model that is no model id', () => {
		expect(refusal(() => buildExportBody({ videoId: '' })).field).toBe('Video ID');
		expect(refusal(() => buildExportBody({ videoId: 'vid_1', avatarModel: 'deluxe model!' })).field).toBe(
			'Avatar Model',
		);
	});

	it('sends a model the contract does not name, for an avatar that lists it', () => {
		expect(buildExportBody({ videoId: 'vid_1', avatarModel: 'veo-4-preview' }).avatar_model).toBe('veo-4-preview');
	});
});

describe('script body', () => {
	it('sends the prompt, duration, URLs and web search', () => {
		expect(buildScriptBody({ prompt: 'Solar', duration: 60, urls: 'https://a.example/x', webSearch: true })).toEqual({
			prompt: 'Solar',
			duration: 60,
			urls: ['https://a.example/x'],
			webSearch: true,
		});
	});

	it('refuses a prompt over 10,000 characters', () => {
		const error = refusal(() => buildScriptBody({ prompt: 'x'.repeat(10_001) }));
		expect(error.field).toBe('Prompt');
		expect(error.message).toContain('10,001');
	});
});

describe('hostile and careless input', () => {
	const prompt = { inputMethod: 'prompt' as const, prompt: 'Coffee', duration: 30 };

	it.each([
		['animate_image', '{"animate_image": true, "animate_image_max": 5000}'],
		['script', '{"script": "Say this instead"}'],
		['prompt', '{"prompt": "Other"}'],
		['animateImage', '{"animateImage": true}'],
		['use_space_media', '{"use_space_media": false}'],
		['webhook_url', '{"webhook_url": "https://evil.example"}'],
	])('refuses Extra Body Fields that set the modelled field %s, even when this item does not send it', (key, extra) => {
		const error = refusal(() => buildGenerationBody({ ...prompt, extraBodyFields: extra }));
		expect(error.field).toBe('Extra Body Fields');
		expect(error.message).toContain(`"${key}"`);
	});

	it('refuses a known switch of the wrong type in Extra Body Fields', () => {
		expect(refusal(() => buildGenerationBody({ ...prompt, extraBodyFields: { enable_subtitles: 'yes' } })).field).toBe(
			'Extra Body Fields',
		);
	});

	it('keeps toString as a plain extra field and refuses __proto__ as reserved, not as a clash', () => {
		expect(buildGenerationBody({ ...prompt, extraBodyFields: '{"toString": 1}' }).toString).toBe(1);
		const error = refusal(() => buildGenerationBody({ ...prompt, extraBodyFields: '{"__proto__": {"x": 1}}' }));
		expect(error.message).toContain('reserved');
		expect(({} as Record<string, unknown>).x).toBeUndefined();
	});

	it.each([
		['an object', { a: 1 }, 'is an object'],
		['a list', ['a', 'b'], 'is a list'],
		['only NUL characters', '\u0000\u0000', 'no visible characters'],
		['only zero-width characters', '\u200b\u200c\u200d\ufeff', 'no visible characters'],
	])('refuses a prompt that is %s', (_, value, problem) => {
		const error = refusal(() => buildGenerationBody({ ...prompt, prompt: value as unknown as string }));
		expect(error.field).toBe('Prompt');
		expect(error.message).toContain(problem);
	});

	it('refuses an object as a voice ID instead of sending "[object Object]"', () => {
		expect(refusal(() => buildGenerationBody({ ...prompt, voiceId: { id: 'v1' } })).field).toBe('Voice');
	});

	it('keeps a comma inside a URL, and still splits on commas between URLs', () => {
		const body = buildGenerationBody({
			...prompt,
			mediaUrls: 'https://cdn.example/img?size=1,2, https://cdn.example/b.jpg,https://cdn.example/c,d.png',
		});
		expect(body.media_urls).toEqual([
			'https://cdn.example/img?size=1,2',
			'https://cdn.example/b.jpg',
			'https://cdn.example/c,d.png',
		]);
	});

	it('counts an emoji as one character: 5,000 pass, 5,001 pass, 10,001 do not', () => {
		expect(buildScriptBody({ prompt: '😀'.repeat(5001) }).prompt).toHaveLength(10_002);
		expect(refusal(() => buildScriptBody({ prompt: '😀'.repeat(10_001) })).message).toContain('10,001 characters');
	});

	it('sends the space-library switches and refuses text in their place', () => {
		const body = buildGenerationBody({ ...prompt, useSpaceMedia: false, saveMediaToSpace: true });
		expect(body).toMatchObject({ use_space_media: false, save_media_to_space: true });
		expect(refusal(() => buildGenerationBody({ ...prompt, useSpaceMedia: 'false' })).field).toBe('Use Space Media');
	});

	it('refuses an unknown Animation Mode even with Animate Images off', () => {
		expect(refusal(() => buildGenerationBody({ ...prompt, animateMode: 'ultra' })).field).toBe('Animation Mode');
	});
});
