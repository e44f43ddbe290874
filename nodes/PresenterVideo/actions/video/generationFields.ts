import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOptions } from '../../input/fields';
import type { GenerationInput, InputMethod } from '../../input/requestBodies';
import { frameFields, readFrame, webhookUrlOption } from './frameFields';

const LOCATORS = {
	voice: {
		displayName: 'Voice',
		description: 'The voice that reads the script. Required with a script unless a Voice URL is given.',
		searchListMethod: 'searchVoices',
		idExample: 'e.g. voice_en_us_emma',
	},
	avatar: {
		displayName: 'Avatar',
		description: 'The digital presenter shown in the video. Leave empty for a video without a presenter.',
		searchListMethod: 'searchAvatars',
		idExample: 'e.g. avatar_office_anna',
	},
};

/** Voice and avatar pickers: searchable lists from the service, or an ID typed or mapped in. */
function catalogueLocator(name: keyof typeof LOCATORS, inputMethod: string[]): INodeProperties {
	const { displayName, description, searchListMethod, idExample } = LOCATORS[name];
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		displayOptions: { show: { inputMethod } },
		modes: [
			{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod, searchable: true } },
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: idExample },
		],
	};
}

/** The content of a video to generate; shared by Generate and Create. */
export const generationFields: INodeProperties[] = [
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
		displayOptions: { show: { inputMethod: ['prompt'] } },
	},
	{
		displayName: 'Duration (Seconds)',
		name: 'duration',
		type: 'number',
		required: true,
		default: 30,
		description: 'Length of the video, from 10 to 600 seconds. Costs 5 credits per started 30 seconds.',
		displayOptions: { show: { inputMethod: ['prompt'] } },
	},
	{
		displayName: 'Script',
		name: 'script',
		type: 'string',
		typeOptions: { rows: 6 },
		required: true,
		default: '',
		description: 'The exact words the presenter says (for example the output of Script > Generate)',
		displayOptions: { show: { inputMethod: ['script'] } },
	},
	catalogueLocator('voice', ['prompt', 'script']),
	{
		displayName: 'Voice URL',
		name: 'voiceUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/voice.mp3',
		description: 'Your own voice recording (mp3, wav or m4a) instead of a voice from the list',
		displayOptions: { show: { inputMethod: ['script', 'media'] } },
	},
	catalogueLocator('avatar', ['prompt', 'script']),
	{
		displayName: 'Avatar URL',
		name: 'avatarUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/presenter.png',
		description: 'Your own presenter image or video instead of an avatar from the list',
		displayOptions: { show: { inputMethod: ['script', 'media'] } },
	},
	...frameFields(false),
];

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
		// Refused out of range before sending rather than clamped by the editor: it is billed.
		default: 3,
		description:
			'Upper bound on animated images, to cap the cost, from 0 to 1000; other values are refused. Used only with Animate Images.',
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

/** The Options entries a generation sends; the collection's others (waiting, billing, files) are the node's own. */
const SENT_OPTIONS = new Set([...generationOptionFields, webhookUrlOption].map((field) => field.name));

function locatorValue(context: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return context.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

/** Reads only the fields the chosen input method shows, so hidden leftovers are never sent. */
export function readGenerationInput(context: IExecuteFunctions, itemIndex: number): GenerationInput {
	const inputMethod = context.getNodeParameter('inputMethod', itemIndex) as InputMethod;
	const options = readOptions(context, itemIndex);
	const uses = (...methods: InputMethod[]) => methods.includes(inputMethod);
	return {
		inputMethod,
		prompt: uses('prompt') ? (context.getNodeParameter('prompt', itemIndex, '') as string) : undefined,
		duration: uses('prompt') ? context.getNodeParameter('duration', itemIndex, undefined) : undefined,
		script: uses('script') ? (context.getNodeParameter('script', itemIndex, '') as string) : undefined,
		voiceId: uses('prompt', 'script') ? locatorValue(context, 'voice', itemIndex) : undefined,
		avatarId: uses('prompt', 'script') ? locatorValue(context, 'avatar', itemIndex) : undefined,
		voiceUrl: uses('script', 'media') ? (context.getNodeParameter('voiceUrl', itemIndex, '') as string) : undefined,
		avatarUrl: uses('script', 'media') ? (context.getNodeParameter('avatarUrl', itemIndex, '') as string) : undefined,
		...readFrame(context, itemIndex, 'vertical'),
		...(Object.fromEntries(
			Object.entries(options).filter(([name]) => SENT_OPTIONS.has(name)),
		) as Partial<GenerationInput>),
	};
}
