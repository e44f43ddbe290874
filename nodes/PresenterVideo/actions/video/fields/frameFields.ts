import type { INodeProperties } from 'n8n-workflow';

import { LIMITS } from '../../../helpers/limits';

const FORMAT_OPTIONS = [
	{ name: 'Vertical (9:16, 1080x1920)', value: 'vertical' },
	{ name: 'Square (1:1, 1080x1080)', value: 'square' },
	{ name: 'Ads (4:5, 1080x1350)', value: 'ads' },
	{ name: 'Horizontal (16:9, 1920x1080)', value: 'horizontal' },
	{ name: 'Custom', value: 'custom' },
];

/** Format with custom width and height, for generation (default vertical) or export (default: keep the original). */
export function frameFields(operations: string[], forExport: boolean): INodeProperties[] {
	const show = { resource: ['video'], operation: operations };
	return [
		forExport
			? {
					displayName: 'Format',
					name: 'format',
					type: 'options',
					options: [{ name: 'Original', value: 'original' }, ...FORMAT_OPTIONS],
					default: 'original',
					description: 'Frame of the exported MP4; Original keeps the format the video was generated in',
					displayOptions: { show },
				}
			: {
					displayName: 'Format',
					name: 'format',
					type: 'options',
					options: FORMAT_OPTIONS,
					default: 'vertical',
					description: 'Frame of the video',
					displayOptions: { show },
				},
		{
			displayName: 'Width',
			name: 'width',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: LIMITS.maxPixels },
			default: 1080,
			description: 'Width in pixels, at most 5000. Over 1920 wide or 1080 high costs extra credits on export.',
			displayOptions: { show: { ...show, format: ['custom'] } },
		},
		{
			displayName: 'Height',
			name: 'height',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: LIMITS.maxPixels },
			default: 1920,
			description: 'Height in pixels, at most 5000',
			displayOptions: { show: { ...show, format: ['custom'] } },
		},
	];
}
