import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { apiRequests, PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const prompt = PROMPT_GENERATE;

describe('bad input is refused before any request', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	const cases: Array<[string, INodeParameters, string]> = [
		['a duration over 600 s', { ...prompt, duration: 900 }, 'Duration (Seconds)'],
		['an empty prompt', { ...prompt, prompt: '  ' }, 'Prompt'],
		[
			'a script without a voice',
			{ ...prompt, inputMethod: 'script', script: 'Hello', voice: { __rl: true, mode: 'list', value: '' } },
			'Voice',
		],
		[
			'a voice file that is not mp3, wav or m4a',
			{ ...prompt, inputMethod: 'media', voiceUrl: 'https://example.com/me.ogg' },
			'Voice URL',
		],
		['a custom height over 5000', { ...prompt, format: 'custom', width: 1080, height: 6000 }, 'Height'],
		[
			'11 web URLs',
			{ ...prompt, options: { webUrls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`).join(',') } },
			'Web URLs',
		],
		[
			'a script prompt over 10,000 characters',
			{ resource: 'script', operation: 'generate', prompt: 'x'.repeat(10_001), duration: 60 },
			'Prompt',
		],
		[
			'a script duration under 10 s',
			{ resource: 'script', operation: 'generate', prompt: 'Solar', duration: 5 },
			'Duration (Seconds)',
		],
		[
			'an export whose video id maps to nothing',
			{ resource: 'video', operation: 'export', videoId: '={{ $json.missing ?? "" }}', format: 'original' },
			'Video ID',
		],
		['a status call without a job id', { resource: 'video', operation: 'getGenerationStatus', jobId: ' ' }, 'Job ID'],
		['a Max Wait of "abc" while polling', { ...prompt, options: { maxWaitMinutes: 'abc' } }, 'Max Wait (Minutes)'],
		[
			'a Max Wait that is an object while pausing',
			{ ...prompt, waitForCompletion: 'callback', options: { maxWaitMinutes: '={{ { a: 1 } }}' } },
			'Max Wait (Minutes)',
		],
		['a Duration of 5 typed in the editor', { ...prompt, duration: 5 }, 'Duration (Seconds)'],
		['a prompt mapped from an object', { ...prompt, prompt: '={{ { topic: "coffee" } }}' }, 'Prompt'],
		[
			'Extra Body Fields that turn on animation',
			{ ...prompt, options: { extraBodyFields: '{"animate_image": true, "animate_image_max": 5000}' } },
			'Extra Body Fields',
		],
		[
			'a premium model for a video without an avatar',
			{ ...prompt, operation: 'create', options: { avatarModel: 'premium' } },
			'Avatar Model',
		],
		[
			'the MP4 and the thumbnail in the same binary field',
			{
				...prompt,
				operation: 'create',
				downloadThumbnail: true,
				options: { binaryPropertyName: 'data', thumbnailPropertyName: 'data' },
			},
			'Put Thumbnail in Field',
		],
		['a Limit of -5', { resource: 'voice', operation: 'getMany', returnAll: false, limit: -5 }, 'Limit'],
		['a Limit of 2.5', { resource: 'avatar', operation: 'getMany', returnAll: false, limit: 2.5 }, 'Limit'],
	];

	it.each(cases)('refuses %s, naming the field, with zero requests sent', async (_, parameters, field) => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, { parameters });
		expect(result.status).toBe('error');
		expect(result.errorOf('Presenter Video')?.message.startsWith(`${field}:`)).toBe(true);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('refuses the whole batch when one item is bad, before starting the good ones', async () => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, {
			items: [{ json: { d: 30 } }, { json: { d: 3 } }],
			parameters: { ...prompt, duration: '={{ $json.d }}' },
		});
		expect(result.status).toBe('error');
		expect(apiRequests(sandbox, '/generation/start')).toHaveLength(0);
	});
});

describe('every service error reaches the user as a readable error', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	async function errorMessage(parameters: INodeParameters, apiKey?: string): Promise<string> {
		const result = await runPresenterVideo(sandbox, { parameters, apiKey });
		const error = result.errorOf('Presenter Video');
		expect(result.status).toBe('error');
		expect(error?.description).toBeTruthy();
		return error?.message ?? '';
	}

	it.each([
		[
			'invalid_api_key',
			{ resource: 'voice', operation: 'getMany', returnAll: true },
			'not-a-key',
			/API key was rejected \[INVALID_API_KEY\]/,
		],
		[
			'plan_required',
			{ resource: 'avatar', operation: 'getMany', returnAll: true },
			'starter',
			/Enterprise plan \[PLAN_REQUIRED\]/,
		],
		[
			'INSUFFICIENT_CREDITS',
			{ ...prompt, duration: 600 },
			'poor',
			/Not enough credits \[INSUFFICIENT_CREDITS\].*required.*available/i,
		],
		[
			'INVALID_VOICE_ID',
			{ ...prompt, voice: { __rl: true, mode: 'id', value: 'voice_nope' } },
			undefined,
			/voice was not found \[INVALID_VOICE_ID\]/,
		],
		[
			'INVALID_AVATAR_ID',
			{ ...prompt, avatar: { __rl: true, mode: 'id', value: 'avatar_nope' } },
			undefined,
			/avatar was not found \[INVALID_AVATAR_ID\]/,
		],
		[
			'JOB_NOT_FOUND',
			{ resource: 'video', operation: 'getGenerationStatus', jobId: 'run_missing' },
			undefined,
			/job was not found \[JOB_NOT_FOUND\]/,
		],
		[
			'VIDEO_NOT_FOUND',
			{ resource: 'video', operation: 'export', videoId: 'vid_missing', format: 'original', waitForCompletion: 'none' },
			undefined,
			/\[VIDEO_NOT_FOUND\]/,
		],
	])('%s', async (_, parameters, key, expected) => {
		const apiKey = key === 'starter' || key === 'poor' ? sandbox.keys[key] : key;
		expect(await errorMessage(parameters as INodeParameters, apiKey)).toMatch(expected);
	});

	it('UNAUTHORIZED_JOB and UNAUTHORIZED_VIDEO for another space', async () => {
		const started = await runPresenterVideo(sandbox, { parameters: prompt, apiKey: sandbox.keys.other });
		const jobId = started.output[0].json.jobId as string;
		expect(await errorMessage({ resource: 'video', operation: 'getGenerationStatus', jobId })).toMatch(
			/another space \[UNAUTHORIZED_JOB\]/,
		);
		expect(
			await errorMessage({
				resource: 'video',
				operation: 'export',
				videoId: sandbox.dashboardVideoIds.other,
				format: 'original',
				waitForCompletion: 'none',
			}),
		).toMatch(/another space \[UNAUTHORIZED_VIDEO\]/);
	});

	it('INCOMPATIBLE_AVATAR_MODEL and INVALID_PARAMETER on export', async () => {
		const avatars = await runPresenterVideo(sandbox, {
			parameters: { resource: 'avatar', operation: 'getMany', returnAll: true },
		});
		const limited = avatars.output.find((item) => !(item.json.model_available as string[]).includes('veo-3'));
		expect(limited).toBeDefined();
		const generate = async (avatarId?: string) =>
			await runPresenterVideo(sandbox, {
				parameters: {
					...prompt,
					avatar: { __rl: true, mode: 'id', value: avatarId ?? '' },
					waitForCompletion: 'poll',
					options: { pollingIntervalSeconds: 1 },
				},
			});
		const exportWith = (videoId: string, avatarModel: string) => ({
			resource: 'video',
			operation: 'export',
			videoId,
			format: 'original',
			avatarModel,
			waitForCompletion: 'none',
		});
		const withAvatar = (await generate(limited?.json.id as string)).output[0].json.videoId as string;
		expect(await errorMessage(exportWith(withAvatar, 'veo-3'))).toMatch(
			/does not fit this avatar \[INCOMPATIBLE_AVATAR_MODEL\]/,
		);
		const withoutAvatar = (await generate()).output[0].json.videoId as string;
		expect(await errorMessage(exportWith(withoutAvatar, 'premium'))).toMatch(/\[INVALID_PARAMETER\]/);
	});

	it('never shows the API key in an error', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { resource: 'voice', operation: 'getMany', returnAll: true },
			apiKey: 'secret-key-that-must-not-leak',
		});
		expect(JSON.stringify(result.run)).not.toContain('secret-key-that-must-not-leak');
	});
});
