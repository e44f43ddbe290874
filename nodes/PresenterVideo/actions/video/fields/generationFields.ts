import type { INodeProperties } from 'n8n-workflow';

import { frameFields } from './frameFields';
import { avatarPicker, voicePicker } from './pickers';

/** The content of a video to generate; shared by Generate and Create. */
export function generationFields(operations: string[]): INodeProperties[] {
	const show = (inputMethod: string[]) => ({ show: { resource: ['video'], operation: operations, inputMethod } });
	return [
		{
			displayName: 'Input Method',
			name: 'inputMethod',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Prompt',
					value: 'prompt',
					description: 'Describe the video; the service writes the script and finds media',
				},
				{ name: 'Script', value: 'script', description: 'Give the exact words; needs a voice' },
				{
					name: 'Media',
					value: 'media',
					description: 'Build the video from your own voice recording and/or avatar image or video',
				},
			],
			default: 'prompt',
			displayOptions: { show: { resource: ['video'], operation: operations } },
		},
		{
			displayName: 'Prompt',
			name: 'prompt',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder: 'e.g. A friendly 30-second intro to our new coffee blend',
			description: 'What the video should be about',
			displayOptions: show(['prompt']),
		},
		{
			displayName: 'Duration (Seconds)',
			name: 'duration',
			type: 'number',
			required: true,
			default: 30,
			description: 'Length of the video, from 10 to 600 seconds. Costs 5 credits per started 30 seconds.',
			displayOptions: show(['prompt']),
		},
		{
			displayName: 'Script',
			name: 'script',
			type: 'string',
			typeOptions: { rows: 6 },
			required: true,
			default: '',
			description: 'The exact words the presenter says (for example the output of Script > Generate)',
			displayOptions: show(['script']),
		},
		voicePicker(operations, ['prompt', 'script']),
		{
			displayName: 'Voice URL',
			name: 'voiceUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/voice.mp3',
			description: 'Your own voice recording (mp3, wav or m4a) instead of a voice from the list',
			displayOptions: show(['script', 'media']),
		},
		avatarPicker(operations, ['prompt', 'script']),
		{
			displayName: 'Avatar URL',
			name: 'avatarUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/presenter.png',
			description: 'Your own presenter image or video instead of an avatar from the list',
			displayOptions: show(['script', 'media']),
		},
		...frameFields(operations, false),
	];
}

/** Generation settings that most videos leave at their defaults; entries of an Options collection. */
export const generationOptionFields: INodeProperties[] = [
	{
		displayName: 'Animate Images',
		name: 'animateImage',
		type: 'boolean',
		default: false,
		description: 'Whether to animate still images with AI (5 credits per animated image)',
	},
	{
		displayName: 'Animation Mode',
		name: 'animateMode',
		type: 'options',
		options: [
			{ name: 'Standard', value: 'standard' },
			{ name: 'Pro', value: 'pro' },
		],
		default: 'standard',
		description: 'Quality of the image animation; used only with Animate Images',
	},
	{
		displayName: 'Extra Body Fields',
		name: 'extraBodyFields',
		type: 'json',
		default: '{}',
		description:
			'Further fields to send as they are, for settings this form does not offer (for example the space media library switches)',
	},
	{
		displayName: 'Max Images to Animate',
		name: 'animateImageMax',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 3,
		description: 'Upper bound on animated images, to cap the cost; used only with Animate Images',
	},
	{
		displayName: 'Save Media to Space',
		name: 'saveMediaToSpace',
		type: 'boolean',
		default: true,
		description: 'Whether to save the media generated for this video to the space library',
	},
	{
		displayName: 'Use Space Media',
		name: 'useSpaceMedia',
		type: 'boolean',
		default: true,
		description: 'Whether the service may use media from the space library in this video',
	},
	{
		displayName: 'Media URLs',
		name: 'mediaUrls',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/a.jpg, https://example.com/b.mp4',
		description: 'Images or videos to include, separated by commas',
	},
	{
		displayName: 'Web Search for Images',
		name: 'webSearchImages',
		type: 'boolean',
		default: false,
		description: 'Whether to search the web for images to show',
	},
	{
		displayName: 'Web Search for Script',
		name: 'webSearchScript',
		type: 'boolean',
		default: false,
		description: 'Whether to search the web for facts when writing the script',
	},
	{
		displayName: 'Web URLs',
		name: 'webUrls',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/product-page',
		description: 'Up to 10 web pages to take content from, separated by commas',
	},
];

export const webhookUrlOption: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://n8n.example.com/webhook/…/presenter-video',
	description:
		'Address the service notifies when the job ends; paste the Production URL of a Presenter Video Trigger node here',
};
