import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as download from './download.operation';
import * as exportVideo from './export.operation';
import * as generate from './generate.operation';
import * as getExportStatus from './getExportStatus.operation';
import * as getGenerationStatus from './getGenerationStatus.operation';

export { create, download, exportVideo as export, generate, getExportStatus, getGenerationStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['video'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Generate a video, export it and download the MP4, all in one step',
				action: 'Create video and download MP4',
			},
			{
				name: 'Download',
				value: 'download',
				description: 'Download the MP4 of a completed export into a binary field',
				action: 'Download video',
			},
			{
				name: 'Export',
				value: 'export',
				description: 'Export a generated video to an MP4 file',
				action: 'Export video',
			},
			{
				name: 'Generate',
				value: 'generate',
				description: 'Start generating a video from a prompt, a script or your own media',
				action: 'Generate video',
			},
			{
				name: 'Get Export Status',
				value: 'getExportStatus',
				description: 'Get the status of an export job',
				action: 'Get export status',
			},
			{
				name: 'Get Generation Status',
				value: 'getGenerationStatus',
				description: 'Get the status of a generation job',
				action: 'Get generation status',
			},
		],
		default: 'create',
	},
	...create.description,
	...generate.description,
	...getGenerationStatus.description,
	...exportVideo.description,
	...getExportStatus.description,
	...download.description,
];
