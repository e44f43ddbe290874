import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkModelForAvatar, checkModelHasAvatar } from '../../helpers/avatarModelCheck';
import { compact } from '../../helpers/compact';
import { runItems } from '../../helpers/itemRunner';
import { settledJobItem } from '../../helpers/jobItem';
import { awaitJob, settleOutcome, startJob, type WaitPreferences } from '../../helpers/jobLifecycle';
import { buildExportBody, buildGenerationBody } from '../../helpers/requestBodies';
import type { ExportJob, GenerationJob } from '../../helpers/types';
import { downloadVideoFiles } from '../../helpers/videoFiles';
import { binaryOptionFields, readBinaryTargets } from '../common/binaryFields';
import { readWaitPreferences, waitOptionFields } from '../common/waitFields';
import { generationFields, generationOptionFields } from './fields/generationFields';
import { avatarModelField } from './fields/pickers';
import { readGenerationInput } from './fields/readInputs';

const operations = ['create'];
const CREATE_MAX_WAIT_MINUTES = 60;

export const description: INodeProperties[] = [
	...generationFields(operations),
	{
		displayName: 'Download Thumbnail',
		name: 'downloadThumbnail',
		type: 'boolean',
		default: false,
		description: 'Whether to download the thumbnail image beside the MP4',
		displayOptions: { show: { resource: ['video'], operation: operations } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['video'], operation: operations } },
		options: [
			...generationOptionFields,
			avatarModelField,
			...binaryOptionFields,
			...waitOptionFields.map((field) =>
				field.name === 'maxWaitMinutes'
					? {
							...field,
							default: CREATE_MAX_WAIT_MINUTES,
							description:
								'How long to wait for generation and export together before passing the item on with its job IDs, marked as timed out',
						}
					: field,
			),
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

function remaining(wait: WaitPreferences, since: number): WaitPreferences {
	return { ...wait, maxWaitMs: Math.max(wait.maxWaitMs - (Date.now() - since), 0) };
}

/** Generates, exports and downloads: one item in, one MP4 out, with every id and cost on the way. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	return await runItems(this, {
		prepare: (itemIndex) => {
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const generationBody = buildGenerationBody(readGenerationInput(this, itemIndex));
			// Checked now, with a stand-in id, so a bad model is refused before generation is billed.
			const exportBody = buildExportBody({ videoId: 'pending', avatarModel: options.avatarModel });
			checkModelHasAvatar(exportBody.avatar_model, generationBody);
			return {
				generationBody,
				exportBody,
				wait: readWaitPreferences(this, itemIndex, CREATE_MAX_WAIT_MINUTES),
				targets: readBinaryTargets(
					this,
					itemIndex,
					this.getNodeParameter('downloadThumbnail', itemIndex, false) as boolean,
				),
			};
		},
		run: async (itemIndex, { generationBody, exportBody, wait, targets }, tools) => {
			await checkModelForAvatar(tools.client, exportBody.avatar_model, generationBody, itemIndex);
			const since = Date.now();
			const generation = await startJob(node, tools, 'generation', generationBody, itemIndex);
			const generated = settleOutcome(node, await awaitJob(tools, generation, itemIndex, wait), generation, itemIndex);
			if (generated.timedOut)
				return [settledJobItem('generation', generated, true, itemIndex, { stage: 'generation' })];
			const video = (generated.job as GenerationJob).result;

			const exportJob = await startJob(node, tools, 'export', { ...exportBody, video_id: video?.video_id }, itemIndex);
			const exported = settleOutcome(
				node,
				await awaitJob(tools, exportJob, itemIndex, remaining(wait, since)),
				exportJob,
				itemIndex,
			);
			const summary: IDataObject = {
				generationJobId: generation.jobId,
				videoId: video?.video_id,
				duration: video?.duration,
				generationCost: video?.cost,
				exportJobId: exportJob.jobId,
			};
			if (exported.timedOut)
				return [settledJobItem('export', exported, true, itemIndex, { ...summary, stage: 'export' })];

			const file = (exported.job as ExportJob).result;
			const binary = await downloadVideoFiles(this, {
				videoUrl: file?.video_url ?? '',
				thumbnailUrl: file?.thumbnail_url,
				baseName: video?.video_id ?? exportJob.jobId,
				...targets,
				itemIndex,
				jobId: exportJob.jobId,
			});
			const json = compact({
				...summary,
				status: 'completed',
				videoUrl: file?.video_url,
				thumbnailUrl: file?.thumbnail_url,
				exportCost: file?.cost,
				totalCost: (video?.cost ?? 0) + (file?.cost ?? 0),
				createdAt: file?.created_at,
				fileName: binary[targets.binaryPropertyName].fileName,
				fileSize: binary[targets.binaryPropertyName].fileSize,
			});
			return [{ json, binary, pairedItem: { item: itemIndex } }];
		},
	});
}
