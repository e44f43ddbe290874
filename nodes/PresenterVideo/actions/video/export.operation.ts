import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { estimateExportCredits } from '../../billing/estimate';
import { billingOptionFields, exportedVideoOf } from '../../billing/fields';
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
		default: '',
		placeholder: 'e.g. vid_abc123',
		description: 'The videoId of a completed generation in this space',
	},
	...frameFields(true),
	avatarModelField,
	...jobStartFields(billingOptionFields),
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
	// What the input item knows of the video (for example Generate's duration) narrows the estimate.
	(context, itemIndex, body) =>
		estimateExportCredits(body, exportedVideoOf(context.getInputData()[itemIndex]?.json ?? {})).credits,
);
