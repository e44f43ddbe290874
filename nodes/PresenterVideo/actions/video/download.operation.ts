import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { optionsCollection } from '../../input/fields';
import { compact } from '../../input/requestBodies';
import { checkWebUrl, InputError, optionalText, requireText } from '../../input/validation';
import { exportedFileUrl, readJob } from '../../jobs/start';
import type { ItemTools } from '../../jobs/types';
import type { ExportJob } from '../../service/types';
import { downloadVideoFiles } from '../../transport/download';
import { binaryOptionFields, type BinaryTargets, readBinaryTargets } from './binaryFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Download From',
		name: 'downloadFrom',
		type: 'options',
		options: [
			{ name: 'Export Job ID', value: 'jobId', description: 'Look up the file of a completed export' },
			{ name: 'Video URL', value: 'url', description: 'Use the videoUrl of a completed export' },
		],
		default: 'jobId',
	},
	{
		displayName: 'Export Job ID',
		name: 'jobId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. export_abc123',
		description: 'The job ID returned by Export',
		displayOptions: { show: { downloadFrom: ['jobId'] } },
	},
	{
		displayName: 'Video URL',
		name: 'videoUrl',
		type: 'string',
		required: true,
		default: '',
		description: 'The videoUrl of a completed export (links stay valid for 7 days)',
		displayOptions: { show: { downloadFrom: ['url'] } },
	},
	{
		displayName: 'Download Thumbnail',
		name: 'downloadThumbnail',
		type: 'boolean',
		default: false,
		description: 'Whether to download the thumbnail image too',
	},
	{
		displayName: 'Thumbnail URL',
		name: 'thumbnailUrl',
		type: 'string',
		default: '',
		description: 'The thumbnailUrl of the export',
		displayOptions: { show: { downloadFrom: ['url'], downloadThumbnail: [true] } },
	},
	optionsCollection(binaryOptionFields),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['download'] } }, properties);

/** The file to fetch: a completed export's, looked up when the item runs, or a video URL as given. */
interface Prepared {
	jobId?: string;
	videoUrl?: string;
	thumbnailUrl?: string;
	targets: BinaryTargets;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Prepared {
	const withThumbnail = this.getNodeParameter('downloadThumbnail', itemIndex, false) as boolean;
	if (this.getNodeParameter('downloadFrom', itemIndex) === 'jobId') {
		const jobId = requireText(
			'Export Job ID',
			this.getNodeParameter('jobId', itemIndex),
			'Map the jobId output of the Export operation into this field.',
		);
		return { jobId, targets: readBinaryTargets(this, itemIndex) };
	}
	const videoUrl = checkWebUrl(
		'Video URL',
		requireText(
			'Video URL',
			this.getNodeParameter('videoUrl', itemIndex),
			'Map the videoUrl output of Export or Get Export Status into this field.',
		),
	);
	const thumbnailText = withThumbnail ? optionalText(this.getNodeParameter('thumbnailUrl', itemIndex, '')) : undefined;
	const thumbnailUrl = thumbnailText && checkWebUrl('Thumbnail URL', thumbnailText);
	return { videoUrl, thumbnailUrl, targets: readBinaryTargets(this, itemIndex) };
}

function fileBaseName(jobId: string | undefined, videoUrl: string): string {
	return (
		jobId ??
		new URL(videoUrl).pathname
			.split('/')
			.pop()
			?.replace(/\.[^.]+$/, '') ??
		'video'
	);
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ jobId, targets, ...givenUrls }: Prepared,
	tools: ItemTools,
): Promise<INodeExecutionData[]> {
	let { videoUrl, thumbnailUrl } = givenUrls;
	if (jobId) {
		const job = (await readJob(tools, 'export', jobId, itemIndex)) as ExportJob;
		if (job.status !== 'completed') {
			throw new InputError(
				'Export Job ID',
				`export ${jobId} is ${job.status}, not completed`,
				'Download after the export has completed: turn on Wait for Completion on Export, or check Get Export Status first.',
			);
		}
		videoUrl = exportedFileUrl(tools.node, job, itemIndex);
		thumbnailUrl = job.result?.thumbnail_url;
	}
	const url = videoUrl as string;
	const binary = await downloadVideoFiles(this, {
		videoUrl: url,
		thumbnailUrl,
		baseName: fileBaseName(jobId, url),
		...targets,
		itemIndex,
		jobId,
	});
	const file = binary[targets.binaryPropertyName];
	const json: IDataObject = {
		jobId,
		videoUrl: url,
		thumbnailUrl,
		fileName: file.fileName,
		mimeType: file.mimeType,
		fileSize: file.fileSize,
	};
	return [{ json: compact(json), binary }];
}
