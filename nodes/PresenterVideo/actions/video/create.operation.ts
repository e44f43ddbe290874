import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import {
	addEstimates,
	type CreditEstimate,
	estimateExportCredits,
	estimateGenerationCredits,
	generationSeconds,
} from '../../billing/estimate';
import { billingOptionFields, type ItemBilling, readItemBilling } from '../../billing/fields';
import { checkModelForAvatar, checkModelHasAvatar } from '../../input/avatarModel';
import { optionsCollection, readOptions } from '../../input/fields';
import { allowExpressionSyntaxField, guardLiteralExpressions } from '../../input/literalExpressions';
import { buildExportBody, buildGenerationBody, compact } from '../../input/requestBodies';
import { settledJobJson } from '../../jobs/output';
import { startJob } from '../../jobs/start';
import type { ItemTools } from '../../jobs/types';
import type { ExportJob, GenerationJob } from '../../service/types';
import { downloadVideoFiles } from '../../transport/download';
import { GROWING_DEFAULT, readWaitPreferences, waitOptionFields, type WaitPreferences } from '../../wait/fields';
import { waitUntilSettled } from '../../wait/poll';
import { binaryOptionFields, type BinaryTargets, readBinaryTargets } from './binaryFields';
import { avatarModelField } from './frameFields';
import { generationFields, generationOptionFields, readGenerationInput } from './generationFields';
import { TIMING } from '../../timing';

const properties: INodeProperties[] = [
	...generationFields,
	{
		displayName: 'Download Thumbnail',
		name: 'downloadThumbnail',
		type: 'boolean',
		default: false,
		description: 'Whether to download the thumbnail image beside the MP4',
	},
	optionsCollection([
		...generationOptionFields,
		allowExpressionSyntaxField,
		avatarModelField,
		...binaryOptionFields,
		...billingOptionFields,
		...waitOptionFields.map((field) =>
			field.name === 'maxWaitMinutes'
				? {
						...field,
						default: TIMING.maxWaitMinutes.create,
						description: `How long to wait for generation and export together, from the generation's start, before passing the item on with its job IDs, marked as timed out. ${GROWING_DEFAULT}`,
					}
				: field,
		),
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['create'] } }, properties);

function remaining(wait: WaitPreferences, since: number): WaitPreferences {
	return { ...wait, maxWaitMs: Math.max(wait.maxWaitMs - (Date.now() - since), 0) };
}

interface Prepared {
	generationBody: IDataObject;
	exportBody: IDataObject;
	wait: WaitPreferences;
	targets: BinaryTargets;
	billing: ItemBilling;
}

/** Generation plus the export of the video it makes: an API video, in the frame it was generated in. */
function estimateCreate(generationBody: IDataObject, exportBody: IDataObject): CreditEstimate {
	const custom = generationBody.format === 'custom';
	// The node makes the video itself: its origin, frame and avatar are known, its length is the generation's.
	const exported = estimateExportCredits(exportBody, {
		origin: 'api',
		durationSeconds: generationSeconds(generationBody),
		format: typeof generationBody.format === 'string' ? generationBody.format : 'vertical',
		width: custom ? Number(generationBody.width) : undefined,
		height: custom ? Number(generationBody.height) : undefined,
		hasAvatar: Boolean(generationBody.avatar_id ?? generationBody.avatar_url),
	});
	return addEstimates(estimateGenerationCredits(generationBody), exported);
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Prepared {
	const generationBody = buildGenerationBody(readGenerationInput(this, itemIndex));
	// Checked now, with a stand-in id, so a bad model is refused before generation is billed.
	const exportBody = buildExportBody({ videoId: 'pending', avatarModel: readOptions(this, itemIndex).avatarModel });
	checkModelHasAvatar(exportBody.avatar_model, generationBody);
	guardLiteralExpressions(this, itemIndex, generationBody);
	return {
		generationBody,
		exportBody,
		billing: readItemBilling(this, itemIndex, estimateCreate(generationBody, exportBody)),
		wait: readWaitPreferences(this, itemIndex, TIMING.maxWaitMinutes.create),
		targets: readBinaryTargets(this, itemIndex),
	};
}

export const billing = (prepared: Prepared): ItemBilling => prepared.billing;

/** Generates, exports and downloads: one item in, one MP4 out, with every id and cost on the way. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ generationBody, exportBody, wait, targets }: Prepared,
	tools: ItemTools,
): Promise<INodeExecutionData[]> {
	await checkModelForAvatar(tools.client, exportBody.avatar_model, generationBody, itemIndex);
	const generation = await startJob(tools, 'generation', generationBody, itemIndex);
	const generated = await waitUntilSettled(tools, generation, { ...wait, beforeStart: true });
	if (generated.timedOut) return [{ json: settledJobJson(generated, true, { stage: 'generation' }) }];
	const video = (generated.job as GenerationJob).result;

	const exportJob = await startJob(
		tools,
		'export',
		{ ...exportBody, video_id: video?.video_id },
		itemIndex,
		video?.duration ?? generation.sizeSeconds,
	);
	// Max Wait counts from the start the service accepted, not from the item's turn in the rate limit.
	const exported = await waitUntilSettled(tools, exportJob, remaining(wait, generation.startedAt));
	const summary: IDataObject = {
		generationJobId: generation.jobId,
		videoId: video?.video_id,
		duration: video?.duration,
		generationCost: video?.cost,
		exportJobId: exportJob.jobId,
		reusedJob: generation.reusedBy ?? exportJob.reusedBy,
	};
	if (exported.timedOut) return [{ json: settledJobJson(exported, true, { ...summary, stage: 'export' }) }];

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
	return [{ json, binary }];
}
