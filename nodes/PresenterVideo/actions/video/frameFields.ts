import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { FrameInput } from '../../input/requestBodies';
import { LIMITS } from '../../service/limits';

/** The frame (format, width, height), the avatar model and the webhook address: fields the video operations share. */

const FORMAT_OPTIONS = [
	{ name: 'Vertical (9:16, 1080x1920)', value: 'vertical' },
	{ name: 'Square (1:1, 1080x1080)', value: 'square' },
	{ name: 'Ads (4:5, 1080x1350)', value: 'ads' },
	{ name: 'Horizontal (16:9, 1920x1080)', value: 'horizontal' },
	{ name: 'Custom', value: 'custom' },
];

/** Format with custom width and height, for generation (default vertical) or export (default: keep the original). */
export function frameFields(forExport: boolean): INodeProperties[] {
	const custom = { show: { format: ['custom'] } };
	return [
		forExport
			? {
					displayName: 'Format',
					name: 'format',
					type: 'options',
					options: [{ name: 'Original', value: 'original' }, ...FORMAT_OPTIONS],
					default: 'original',
					description: 'Frame of the exported MP4; Original keeps the format the video was generated in',
				}
			: {
					displayName: 'Format',
					name: 'format',
					type: 'options',
					options: FORMAT_OPTIONS,
					default: 'vertical',
					description: 'Frame of the video',
				},
		{
			displayName: 'Width',
			name: 'width',
			type: 'number',
			// No min or max: the editor would clamp a typed value and bill a frame not asked for; prepare refuses it.
			default: 1080,
			description: `Width in pixels, from 1 to ${LIMITS.maxPixels}; other values are refused. Over 1920 wide or 1080 high costs extra credits on export.`,
			displayOptions: custom,
		},
		{
			displayName: 'Height',
			name: 'height',
			type: 'number',
			default: 1920,
			description: `Height in pixels, from 1 to ${LIMITS.maxPixels}; other values are refused`,
			displayOptions: custom,
		},
	];
}

/** Width and height are read only for a custom format, so hidden leftovers are never sent. */
export function readFrame(context: IExecuteFunctions, itemIndex: number, defaultFormat: string): FrameInput {
	const format = context.getNodeParameter('format', itemIndex, defaultFormat) as string;
	return {
		format,
		width: format === 'custom' ? context.getNodeParameter('width', itemIndex) : undefined,
		height: format === 'custom' ? context.getNodeParameter('height', itemIndex) : undefined,
	};
}

export const avatarModelField: INodeProperties = {
	displayName: 'Avatar Model Name or ID',
	name: 'avatarModel',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAvatarModels', loadOptionsDependsOn: ['avatar.value'] },
	default: '',
	description:
		'Quality model for the presenter; the list shows the models the chosen avatar supports. Leave empty for the service’s default. Must stay empty for videos without an avatar. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const webhookUrlOption: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://n8n.example.com/webhook/…/presenter-video',
	description:
		'Address the service notifies when the job ends; paste the Production URL of a Presenter Video Trigger node here',
};
