import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { startAndPause } from '../../helpers/callbackWait';
import { runItems } from '../../helpers/itemRunner';
import { settledJobItem, startedJobItem } from '../../helpers/jobItem';
import { awaitJob, settleOutcome, startJob } from '../../helpers/jobLifecycle';
import { buildExportBody } from '../../helpers/requestBodies';
import { simplifyField } from '../common/simplifyField';
import { readWaitPreferences, waitForCompletionField, waitOptionFields, type WaitMode } from '../common/waitFields';
import { exportFields } from './fields/exportFields';
import { webhookUrlOption } from './fields/generationFields';
import { readExportInput } from './fields/readInputs';

const operations = ['export'];

export const description: INodeProperties[] = [
	...exportFields(operations),
	waitForCompletionField(operations, 'poll', true),
	simplifyField('video', operations),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['video'], operation: operations } },
		options: [...waitOptionFields, webhookUrlOption],
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	if (this.getNodeParameter('waitForCompletion', 0) === 'callback') {
		return await startAndPause(
			this,
			'export',
			() => buildExportBody(readExportInput(this, 0, this.getNodeParameter('videoId', 0) as string)),
			readWaitPreferences(this, 0).maxWaitMs,
		);
	}
	return await runItems(this, {
		prepare: (itemIndex) => ({
			body: buildExportBody(readExportInput(this, itemIndex, this.getNodeParameter('videoId', itemIndex) as string)),
			waitMode: this.getNodeParameter('waitForCompletion', itemIndex, 'poll') as WaitMode,
			wait: readWaitPreferences(this, itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		}),
		run: async (itemIndex, { body, waitMode, wait, simplify }, tools) => {
			const started = await startJob(node, tools, 'export', body, itemIndex);
			if (waitMode === 'none') return [startedJobItem(started, simplify, itemIndex)];
			const outcome = await awaitJob(tools, started, itemIndex, wait);
			const settled = settleOutcome(node, outcome, started, itemIndex);
			return [
				settledJobItem('export', settled, simplify, itemIndex, {
					videoId: body.video_id,
					estimatedCredits: started.start.estimated_credits,
				}),
			];
		},
	});
}
