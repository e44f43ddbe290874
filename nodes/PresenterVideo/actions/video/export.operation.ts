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
import { jobStartOperation } from './jobOperations';

export const { description, pausesForJob, prepare, execute, billing } = jobStartOperation({
	kind: 'export',
	operation: 'export',
	fields: [
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
	],
	options: [...billingOptionFields, videoLengthBoundField],
	buildBody: (context, itemIndex) =>
		buildExportBody({
			videoId: context.getNodeParameter('videoId', itemIndex) as string,
			...readFrame(context, itemIndex, 'original'),
			avatarModel: context.getNodeParameter('avatarModel', itemIndex, '') as string,
			webhookUrl: readOptions(context, itemIndex).webhookUrl as string | undefined,
		}),
	// The cap counts only the length the user vouches for; the input item's facts shape the shown estimate.
	estimateCredits: (context, itemIndex, body) =>
		estimateExportCredits(
			body,
			{ durationSeconds: readVideoLengthBound(context, itemIndex) },
			exportedVideoOf(context.getInputData()[itemIndex]?.json ?? {}),
		),
});
