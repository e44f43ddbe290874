import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { startAndPause } from '../../helpers/callbackWait';
import { runItems } from '../../helpers/itemRunner';
import { settledJobItem, startedJobItem } from '../../helpers/jobItem';
import { awaitJob, settleOutcome, startJob } from '../../helpers/jobLifecycle';
import { buildGenerationBody } from '../../helpers/requestBodies';
import { simplifyField } from '../common/simplifyField';
import { readWaitPreferences, waitForCompletionField, waitOptionFields, type WaitMode } from '../common/waitFields';
import { generationFields, generationOptionFields, webhookUrlOption } from './fields/generationFields';
import { readGenerationInput } from './fields/readInputs';

const operations = ['generate'];

export const description: INodeProperties[] = [
	...generationFields(operations),
	waitForCompletionField(operations, 'poll', true),
	simplifyField('video', operations),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['video'], operation: operations } },
		options: [...generationOptionFields, ...waitOptionFields, webhookUrlOption].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	if (this.getNodeParameter('waitForCompletion', 0) === 'callback') {
		return await startAndPause(
			this,
			'generation',
			() => buildGenerationBody(readGenerationInput(this, 0)),
			readWaitPreferences(this, 0).maxWaitMs,
		);
	}
	return await runItems(this, {
		prepare: (itemIndex) => ({
			body: buildGenerationBody(readGenerationInput(this, itemIndex)),
			waitMode: this.getNodeParameter('waitForCompletion', itemIndex, 'poll') as WaitMode,
			wait: readWaitPreferences(this, itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		}),
		run: async (itemIndex, { body, waitMode, wait, simplify }, tools) => {
			const started = await startJob(node, tools, 'generation', body, itemIndex);
			if (waitMode === 'none') return [startedJobItem(started, simplify, itemIndex)];
			const outcome = await awaitJob(tools, started, itemIndex, wait);
			const settled = settleOutcome(node, outcome, started, itemIndex);
			return [
				settledJobItem('generation', settled, simplify, itemIndex, {
					estimatedCredits: started.start.estimated_credits,
				}),
			];
		},
	});
}
