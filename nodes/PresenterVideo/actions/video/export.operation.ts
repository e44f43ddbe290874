import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { estimateExportCredits } from '../../billing/estimate';
import {
	billingOptionFields,
	exportedVideoOf,
	readVideoLengthBound,
	videoLengthBoundField,
} from '../../billing/fields';
import { readOptions } from '../../input/fields';
import { buildExportBody } from '../../input/requestBodies';
import { avatarModelField, frameFields, readFrame } from './frameFields';
import { jobStartFields, jobStartOperation } from './jobOperations';

const properties: INodeProperties[] = [
	{
		displayName: 'Video ID',
		name: 'videoId',
		type: 'string',
		required: true,
		// Generate and Create put the video id in their items: an Export after them needs no mapping.
		default: '={{ $json.videoId }}',
		placeholder: 'e.g. vid_abc123',
		description: 'The videoId of a completed generation in this space; by default the input item’s videoId',
	},
	...frameFields(true),
	avatarModelField,
	...jobStartFields([...billingOptionFields, videoLengthBoundField]),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['export'] } }, properties);

export const { pausesForJob, prepare, execute, billing } = jobStartOperation(
	'export',
	(context, itemIndex) =>
		buildExportBody({
			videoId: context.getNodeParameter('videoId', itemIndex) as string,
			...readFrame(context, itemIndex, 'original'),
			avatarModel: context.getNodeParameter('avatarModel', itemIndex, '') as string,
			webhookUrl: readOptions(context, itemIndex).webhookUrl as string | undefined,
		}),
	// The cap counts only the length the user vouches for; the input item's facts shape the shown estimate.
	(context, itemIndex, body) =>
		estimateExportCredits(
			body,
			{ durationSeconds: readVideoLengthBound(context, itemIndex) },
			exportedVideoOf(context.getInputData()[itemIndex]?.json ?? {}),
		),
);
