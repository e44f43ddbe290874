import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { apiRequests, PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const VOICE = { __rl: true, mode: 'id', value: 'voice_olivia_en_us' };
const SCRIPT_INPUT = { ...PROMPT_GENERATE, inputMethod: 'script', script: 'Hello there', voice: VOICE };
const MEDIA_INPUT = { ...PROMPT_GENERATE, inputMethod: 'media', avatarUrl: 'https://example.com/me.png' };
const CREATE = { ...PROMPT_GENERATE, operation: 'create' };
const SCRIPT_GENERATE = { resource: 'script', operation: 'generate', prompt: 'Coffee', duration: 60 };
const EXPORT = { resource: 'video', operation: 'export', videoId: 'vid_1', format: 'original', waitForCompletion: 'none' };

/** Every field whose text is sent in a billed start, holding expression syntax left in Fixed mode. */
const CASES: Array<[string, INodeParameters]> = [
	['Prompt', { ...PROMPT_GENERATE, prompt: 'A video about {{ $json.title }}' }],
	['Script', { ...SCRIPT_INPUT, script: 'Hi {{ $node["Sheet"].json.name }}, welcome' }],
	['Voice URL', { ...MEDIA_INPUT, voiceUrl: 'https://example.com/{{ $json.file }}.mp3' }],
	['Avatar URL', { ...MEDIA_INPUT, avatarUrl: 'https://example.com/{{ $("Files").item.json.name }}' }],
	['Media URLs', { ...PROMPT_GENERATE, options: { mediaUrls: 'https://example.com/{{ $json.image }}' } }],
	['Web URLs', { ...PROMPT_GENERATE, options: { webUrls: '{{ $json.page }}' } }],
	['Webhook URL', { ...PROMPT_GENERATE, options: { webhookUrl: 'https://hooks.example.com/{{ $execution.id }}' } }],
	[
		'Extra Body Fields (subtitle_text)',
		{ ...PROMPT_GENERATE, options: { extraBodyFields: '{"subtitle_text": "{{ $json.caption }}"}' } },
	],
	['Idempotency Key', { ...PROMPT_GENERATE, options: { idempotencyKey: '{{ $json.id }}' } }],
	['Prompt', { ...CREATE, prompt: '{{ $json.topic }}' }],
	['Prompt', { ...SCRIPT_GENERATE, prompt: 'Write about {{ $json.topic }}' }],
	['URLs', { ...SCRIPT_GENERATE, options: { urls: 'https://example.com/{{ $json.slug }}' } }],
	['Video ID', { ...EXPORT, videoId: '{{ $json.videoId }}' }],
];

describe('expression syntax left as text in a billed field', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it.each(CASES)('%s is refused before any request, with the fix', async (field, parameters) => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, { parameters });
		const error = result.errorOf('Presenter Video') as (Error & { description?: string }) | undefined;
		expect(error?.message).toMatch(new RegExp(`^${field.replace(/[()]/g, '\\$&')}: contains the expression \\{\\{ .+\\}\\} as plain text`));
		expect(error?.description).toContain('Switch the field to Expression');
		expect(sandbox.requests).toHaveLength(0);
	});

	it('goes through as typed when Allow Expression Syntax in Text is on', async () => {
		sandbox.clearLog();
		const prompt = 'Explain what {{ $json.title }} means in n8n';
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...PROMPT_GENERATE, prompt, options: { allowExpressionSyntax: true } },
		});
		expect(result.errorOf('Presenter Video')).toBeUndefined();
		const [start] = apiRequests(sandbox, '/generation/start', 'POST');
		expect(start.body).toMatchObject({ prompt });
	});

	it('lets curly braces through that read no n8n data', async () => {
		sandbox.clearLog();
		const prompt = 'A lesson on templates such as {{ name }}';
		const result = await runPresenterVideo(sandbox, { parameters: { ...PROMPT_GENERATE, prompt } });
		expect(result.errorOf('Presenter Video')).toBeUndefined();
		expect(apiRequests(sandbox, '/generation/start', 'POST')).toHaveLength(1);
	});

	it('still refuses an address that could not be sent, even with the option on', async () => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...PROMPT_GENERATE, options: { webUrls: '{{ $json.page }}', allowExpressionSyntax: true } },
		});
		expect(result.errorOf('Presenter Video')?.message).toMatch(/^Web URLs: contains the expression/);
		expect(sandbox.requests).toHaveLength(0);
	});
});
