import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runItems } from '../../helpers/itemRunner';
import { settledJobItem } from '../../helpers/jobItem';
import { awaitJob, settleOutcome } from '../../helpers/jobLifecycle';
import type { AnyJob } from '../../helpers/jobWaiter';
import { ENDPOINTS } from '../../transport/endpoints';
import type { JobKind } from '../../helpers/types';
import { requireText } from '../../helpers/validation';
import { simplifyField } from '../common/simplifyField';
import { readWaitPreferences, waitForCompletionField, waitOptionFields, type WaitMode } from '../common/waitFields';

/** Get Generation Status and Get Export Status differ only in the job kind. */
export function statusDescription(operation: string, kind: JobKind): INodeProperties[] {
	const operations = [operation];
	const show = { show: { resource: ['video'], operation: operations } };
	const example = kind === 'generation' ? 'run_abc123' : 'export_abc123';
	return [
		{
			displayName: 'Job ID',
			name: 'jobId',
			type: 'string',
			required: true,
			default: '',
			placeholder: `e.g. ${example}`,
			description: `The job ID returned when the ${kind} was started`,
			displayOptions: show,
		},
		{ ...waitForCompletionField(operations, 'none'), description: 'Whether to keep checking until the job ends' },
		simplifyField('video', operations),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: show,
			options: waitOptionFields,
		},
	];
}

export async function executeStatus(context: IExecuteFunctions, kind: JobKind): Promise<INodeExecutionData[]> {
	const node = context.getNode();
	const fix = `Map the jobId output of the ${kind === 'generation' ? 'Generate' : 'Export'} operation into this field.`;
	return await runItems(context, {
		prepare: (itemIndex) => ({
			jobId: requireText('Job ID', context.getNodeParameter('jobId', itemIndex), fix),
			waitMode: context.getNodeParameter('waitForCompletion', itemIndex, 'none') as WaitMode,
			wait: readWaitPreferences(context, itemIndex),
			simplify: context.getNodeParameter('simplify', itemIndex, true) as boolean,
		}),
		run: async (itemIndex, { jobId, waitMode, wait, simplify }, tools) => {
			const startedAt = Date.now();
			const current = await tools.client.get<AnyJob>(ENDPOINTS.status[kind](jobId), { itemIndex });
			// Read once, the status is data, failed or not; waited for, a failure is an error.
			if (waitMode === 'none') return [settledJobItem(kind, { job: current, timedOut: false }, simplify, itemIndex)];
			const outcome = await awaitJob(tools, { kind, jobId, startedAt, lastKnown: current }, itemIndex, wait);
			return [settledJobItem(kind, settleOutcome(node, outcome, undefined, itemIndex), simplify, itemIndex)];
		},
	});
}
