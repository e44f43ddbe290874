import type { INodeParameters } from 'n8n-workflow';

import type { ParameterKind } from './invalidValues';

/** One parameter to fuzz: where it sits, the label errors must name, and what makes it count. */
export interface FuzzedParameter {
	/** `name`, or `options.name` / `filters.name` inside a collection. */
	path: string;
	field: string;
	kind: ParameterKind;
	/** Parameters that make this one shown and used. */
	with?: INodeParameters;
	/** Put the value inside a resource locator's By ID mode. */
	locator?: boolean;
}

export interface FuzzedOperation {
	name: string;
	base: INodeParameters;
	parameters: FuzzedParameter[];
}

/** Ids and filters: longer values are refused before sending. */
const NAME_LENGTH = 500;

const WAIT: FuzzedParameter[] = [
	{ path: 'options.maxWaitMinutes', field: 'Max Wait (Minutes)', kind: { type: 'number', min: 0, max: 1440 } },
	{
		path: 'options.pollingIntervalSeconds',
		field: 'Polling Interval (Seconds)',
		kind: { type: 'number', min: 0, max: 600 },
	},
];

const BILLING: FuzzedParameter[] = [
	{ path: 'options.maxCredits', field: 'Max Credits per Execution', kind: { type: 'number', min: 0, max: 1_000_000 } },
	{ path: 'options.idempotencyKey', field: 'Idempotency Key', kind: { type: 'key' } },
	{
		path: 'options.idempotencyRetentionHours',
		field: 'Idempotency Retention (Hours)',
		kind: { type: 'number', min: 0.1, max: 8760 },
	},
];

const FRAME: FuzzedParameter[] = [
	{ path: 'format', field: 'Format', kind: { type: 'choice' } },
	...(['width', 'height'] as const).map((name) => ({
		path: name,
		field: name === 'width' ? 'Width' : 'Height',
		kind: { type: 'number' as const, min: 1, max: 5000, integer: true },
		with: { format: 'custom', width: 1080, height: 1920 },
	})),
];

const BINARY: FuzzedParameter[] = [
	{ path: 'options.binaryPropertyName', field: 'Put Output File in Field', kind: { type: 'binaryName' } },
	{
		path: 'options.thumbnailPropertyName',
		field: 'Put Thumbnail in Field',
		kind: { type: 'binaryName' },
		with: { downloadThumbnail: true },
	},
];

function generationParameters(): FuzzedParameter[] {
	const script = { inputMethod: 'script', script: 'Hello there', voice: { __rl: true, mode: 'id', value: 'voice_1' } };
	const boolean = { type: 'boolean' } as const;
	return [
		{ path: 'inputMethod', field: 'Input Method', kind: { type: 'choice' } },
		{ path: 'prompt', field: 'Prompt', kind: { type: 'text' } },
		{ path: 'duration', field: 'Duration (Seconds)', kind: { type: 'number', min: 10, max: 600 } },
		{ path: 'script', field: 'Script', kind: { type: 'text' }, with: script },
		{ path: 'voice', field: 'Voice', kind: { type: 'optionalText', maxLength: NAME_LENGTH }, locator: true },
		{ path: 'avatar', field: 'Avatar', kind: { type: 'optionalText', maxLength: NAME_LENGTH }, locator: true },
		{ path: 'voiceUrl', field: 'Voice URL', kind: { type: 'voiceUrl' }, with: script },
		{ path: 'avatarUrl', field: 'Avatar URL', kind: { type: 'url' }, with: script },
		...FRAME,
		{ path: 'options.animateImage', field: 'Animate Images', kind: boolean },
		{ path: 'options.animateMode', field: 'Animation Mode', kind: { type: 'choice' } },
		{
			path: 'options.animateImageMax',
			field: 'Max Images to Animate',
			kind: { type: 'number', min: 0, max: 1000, integer: true },
			with: { 'options.animateImage': true },
		},
		{ path: 'options.useSpaceMedia', field: 'Use Space Media', kind: boolean },
		{ path: 'options.saveMediaToSpace', field: 'Save Media to Space', kind: boolean },
		{ path: 'options.webSearchScript', field: 'Web Search for Script', kind: boolean },
		{ path: 'options.webSearchImages', field: 'Web Search for Images', kind: boolean },
		{ path: 'options.mediaUrls', field: 'Media URLs', kind: { type: 'urlList' } },
		{ path: 'options.webUrls', field: 'Web URLs', kind: { type: 'urlList', max: 10 } },
		{ path: 'options.extraBodyFields', field: 'Extra Body Fields', kind: { type: 'extraFields' } },
		...WAIT,
	];
}

const PROMPT_VIDEO = {
	resource: 'video',
	inputMethod: 'prompt',
	prompt: 'Coffee',
	duration: 30,
	format: 'vertical',
};

export const FUZZED_OPERATIONS: FuzzedOperation[] = [
	{
		name: 'Video > Generate',
		base: { ...PROMPT_VIDEO, operation: 'generate', waitForCompletion: 'poll' },
		parameters: [
			...generationParameters(),
			...BILLING,
			{ path: 'options.webhookUrl', field: 'Webhook URL', kind: { type: 'url' } },
			{
				path: 'options.maxWaitMinutes',
				field: 'Max Wait (Minutes)',
				kind: { type: 'number', min: 0, max: 1440 },
				with: { waitForCompletion: 'callback' },
			},
		],
	},
	{
		name: 'Video > Create',
		base: { ...PROMPT_VIDEO, operation: 'create' },
		parameters: [
			...generationParameters(),
			{ path: 'options.avatarModel', field: 'Avatar Model', kind: { type: 'modelId' } },
			...BINARY,
			...BILLING,
		],
	},
	{
		name: 'Video > Export',
		base: { resource: 'video', operation: 'export', videoId: 'vid_1', format: 'original', waitForCompletion: 'poll' },
		parameters: [
			{ path: 'videoId', field: 'Video ID', kind: { type: 'text', maxLength: NAME_LENGTH } },
			...FRAME,
			{ path: 'avatarModel', field: 'Avatar Model', kind: { type: 'modelId' } },
			{ path: 'options.webhookUrl', field: 'Webhook URL', kind: { type: 'url' } },
			{
				path: 'options.videoLengthBound',
				field: 'Video Length at Most (Seconds)',
				kind: { type: 'number', min: 1, max: 86_400 },
			},
			...WAIT,
			...BILLING,
		],
	},
	...(['getGenerationStatus', 'getExportStatus'] as const).map((operation) => ({
		name: `Video > ${operation}`,
		base: { resource: 'video', operation, jobId: 'run_1', waitForCompletion: 'poll' },
		parameters: [{ path: 'jobId', field: 'Job ID', kind: { type: 'text' as const, maxLength: NAME_LENGTH } }, ...WAIT],
	})),
	{
		name: 'Video > Download',
		base: { resource: 'video', operation: 'download', downloadFrom: 'jobId', jobId: 'export_1' },
		parameters: [
			{ path: 'jobId', field: 'Export Job ID', kind: { type: 'text', maxLength: NAME_LENGTH } },
			{ path: 'videoUrl', field: 'Video URL', kind: { type: 'text' }, with: { downloadFrom: 'url' } },
			{
				path: 'thumbnailUrl',
				field: 'Thumbnail URL',
				kind: { type: 'url' },
				with: { downloadFrom: 'url', videoUrl: 'https://cdn.example/v.mp4', downloadThumbnail: true },
			},
			...BINARY,
		],
	},
	{
		name: 'Script > Generate',
		base: { resource: 'script', operation: 'generate', prompt: 'Solar panels', duration: 60 },
		parameters: [
			{ path: 'prompt', field: 'Prompt', kind: { type: 'text', maxLength: 10_000 } },
			{ path: 'duration', field: 'Duration (Seconds)', kind: { type: 'number', min: 10, max: 600 } },
			{ path: 'options.urls', field: 'URLs', kind: { type: 'urlList', max: 10 } },
			{ path: 'options.webSearch', field: 'Web Search', kind: { type: 'boolean' } },
		],
	},
	...(['voice', 'avatar'] as const).map((resource) => ({
		name: `${resource === 'voice' ? 'Voice' : 'Avatar'} > Get Many`,
		base: { resource, operation: 'getMany', returnAll: false, limit: 5 },
		parameters: [
			{ path: 'limit', field: 'Limit', kind: { type: 'number' as const, min: 1, max: Infinity, integer: true } },
			{ path: 'filters.gender', field: 'Gender', kind: { type: 'choice' as const } },
			{ path: 'filters.tags', field: 'Tags', kind: { type: 'optionalText' as const, maxLength: NAME_LENGTH } },
			...(resource === 'voice'
				? [
						{
							path: 'filters.language',
							field: 'Language',
							kind: { type: 'optionalText' as const, maxLength: NAME_LENGTH },
						},
					]
				: []),
		],
	})),
];
