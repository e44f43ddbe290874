import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ExportInput, GenerationInput, InputMethod } from '../../../helpers/requestBodies';

function locatorValue(context: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return context.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

/** Reads only the fields the chosen input method shows, so hidden leftovers are never sent. */
export function readGenerationInput(context: IExecuteFunctions, itemIndex: number): GenerationInput {
	const inputMethod = context.getNodeParameter('inputMethod', itemIndex) as InputMethod;
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const uses = (...methods: InputMethod[]) => methods.includes(inputMethod);
	const format = context.getNodeParameter('format', itemIndex, 'vertical') as string;
	return {
		inputMethod,
		prompt: uses('prompt') ? (context.getNodeParameter('prompt', itemIndex, '') as string) : undefined,
		duration: uses('prompt') ? context.getNodeParameter('duration', itemIndex, undefined) : undefined,
		script: uses('script') ? (context.getNodeParameter('script', itemIndex, '') as string) : undefined,
		voiceId: uses('prompt', 'script') ? locatorValue(context, 'voice', itemIndex) : undefined,
		avatarId: uses('prompt', 'script') ? locatorValue(context, 'avatar', itemIndex) : undefined,
		voiceUrl: uses('script', 'media') ? (context.getNodeParameter('voiceUrl', itemIndex, '') as string) : undefined,
		avatarUrl: uses('script', 'media') ? (context.getNodeParameter('avatarUrl', itemIndex, '') as string) : undefined,
		format,
		width: format === 'custom' ? context.getNodeParameter('width', itemIndex) : undefined,
		height: format === 'custom' ? context.getNodeParameter('height', itemIndex) : undefined,
		webSearchScript: options.webSearchScript as boolean | undefined,
		webSearchImages: options.webSearchImages as boolean | undefined,
		animateImage: options.animateImage as boolean | undefined,
		animateMode: options.animateMode as string | undefined,
		animateImageMax: options.animateImageMax,
		useSpaceMedia: options.useSpaceMedia,
		saveMediaToSpace: options.saveMediaToSpace,
		mediaUrls: options.mediaUrls,
		webUrls: options.webUrls,
		webhookUrl: options.webhookUrl as string | undefined,
		extraBodyFields: options.extraBodyFields,
	};
}

export function readExportInput(context: IExecuteFunctions, itemIndex: number, videoId: string): ExportInput {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const format = context.getNodeParameter('format', itemIndex, 'original') as string;
	return {
		videoId,
		format,
		width: format === 'custom' ? context.getNodeParameter('width', itemIndex) : undefined,
		height: format === 'custom' ? context.getNodeParameter('height', itemIndex) : undefined,
		avatarModel: context.getNodeParameter('avatarModel', itemIndex, '') as string,
		webhookUrl: options.webhookUrl as string | undefined,
	};
}
