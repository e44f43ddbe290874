import { InputError } from '../../../../nodes/PresenterVideo/helpers/inputError';
import {
	buildExportBody,
	buildGenerationBody,
	buildScriptBody,
} from '../../../../nodes/PresenterVideo/helpers/requestBodies';

function refusal(build: () => unknown): InputError {
	try {
		build();
	} catch (error) {
		if (error instanceof InputError) return error;
		throw error;
	}
	throw new Error('the input was accepted');
}

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
			extraBodyFields: '{"use_space_media": false}',
		});
		expect(body).toEqual({
			use_space_media: false,
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

	it('refuses a missing video id and an unknown model', () => {
		expect(refusal(() => buildExportBody({ videoId: '' })).field).toBe('Video ID');
		expect(refusal(() => buildExportBody({ videoId: 'vid_1', avatarModel: 'deluxe' })).field).toBe('Avatar Model');
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
