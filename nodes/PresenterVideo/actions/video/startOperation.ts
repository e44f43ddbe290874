import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { startAndPause } from '../../helpers/callbackWait';
import { runItems } from '../../helpers/itemRunner';
import { settledJobItem, startedJobItem } from '../../helpers/jobItem';
import { awaitJob, settleOutcome, startJob } from '../../helpers/jobLifecycle';
import type { JobKind } from '../../helpers/types';
import { readWaitPreferences, type WaitMode } from '../common/waitFields';

/**
 * Generate and Export differ only in the job kind and the body: both start a job per item and,
 * as the user chose, return at once, poll until it ends, or pause for the service's callback.
 */
export async function executeStart(
	context: IExecuteFunctions,
	kind: JobKind,
	buildBody: (itemIndex: number) => IDataObject,
): Promise<INodeExecutionData[]> {
	const node = context.getNode();
	if (context.getNodeParameter('waitForCompletion', 0) === 'callback') {
		return await startAndPause(
			context,
			kind,
			() => buildBody(0),
			() => readWaitPreferences(context, 0).maxWaitMs,
		);
	}
	return await runItems(context, {
		prepare: (itemIndex) => ({
			body: buildBody(itemIndex),
			waitMode: context.getNodeParameter('waitForCompletion', itemIndex, 'poll') as WaitMode,
			wait: readWaitPreferences(context, itemIndex),
			simplify: context.getNodeParameter('simplify', itemIndex, true) as boolean,
		}),
		run: async (itemIndex, { body, waitMode, wait, simplify }, tools) => {
			const started = await startJob(node, tools, kind, body, itemIndex);
			if (waitMode === 'none') return [startedJobItem(started, simplify, itemIndex)];
			const settled = settleOutcome(node, await awaitJob(tools, started, itemIndex, wait), started, itemIndex);
			const extra: IDataObject = { estimatedCredits: started.start.estimated_credits };
			if (kind === 'export') extra.videoId = body.video_id;
			return [settledJobItem(kind, settled, simplify, itemIndex, extra)];
		},
	});
}
