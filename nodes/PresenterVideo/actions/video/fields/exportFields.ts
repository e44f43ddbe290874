import type { INodeProperties } from 'n8n-workflow';

import { frameFields } from './frameFields';
import { avatarModelField } from './pickers';

export function exportFields(operations: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Video ID',
			name: 'videoId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. vid_abc123',
			description: 'The videoId of a completed generation in this space',
			displayOptions: { show: { resource: ['video'], operation: operations } },
		},
		...frameFields(operations, true),
		{ ...avatarModelField, displayOptions: { show: { resource: ['video'], operation: operations } } },
	];
}
