import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import type { CreditEstimate } from '../../billing/estimate';
import { type ItemBilling, readItemBilling } from '../../billing/fields';
import { optionsCollection, simplifyField } from '../../input/fields';
import { allowExpressionSyntaxField, guardLiteralExpressions } from '../../input/literalExpressions';
import { requireText } from '../../input/validation';
import type { ItemTools } from '../../jobs/types';
import { JOB_KINDS } from '../../service/jobKinds';
import type { JobKind } from '../../service/types';
import { type JobSettings, readJobSettings, waitForCompletionField, waitOptionFields } from '../../wait/fields';
import { checkJob, runJob } from '../../wait/run';
import { webhookUrlOption } from './frameFields';

/** What Generate and Export show after their own fields: how to wait, what to return, and options. */
export function jobStartFields(options: INodeProperties[]): INodeProperties[] {
	return [
		waitForCompletionField('poll', true),
		simplifyField,
		optionsCollection([...options, ...waitOptionFields, webhookUrlOption, allowExpressionSyntaxField]),
	];
}

/**
 * Get Generation Status and Get Export Status differ only in the job kind: they read the Job ID,
 * then the job's status, once or until it ends.
 */
export function jobStatusOperation(kind: JobKind, operation: string) {
	interface Prepared {
		jobId: string;
		settings: JobSettings;
	}
	const fix = `Map the jobId output of the ${JOB_KINDS[kind].startOperation} operation into this field.`;
	return {
		description: updateDisplayOptions({ show: { resource: ['video'], operation: [operation] } }, [
			{
				displayName: 'Job ID',
				name: 'jobId',
				type: 'string',
				required: true,
				default: '',
				placeholder: `e.g. ${JOB_KINDS[kind].idPrefix}abc123`,
				description: `The job ID returned when the ${kind} was started`,
			},
			{ ...waitForCompletionField('none'), description: 'Whether to keep checking until the job ends' },
			simplifyField,
			optionsCollection(waitOptionFields),
		]),
		prepare(this: IExecuteFunctions, itemIndex: number): Prepared {
			return {
				jobId: requireText('Job ID', this.getNodeParameter('jobId', itemIndex), fix),
				settings: readJobSettings(this, itemIndex, 'none'),
			};
		},
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			{ jobId, settings }: Prepared,
			tools: ItemTools,
		): Promise<INodeExecutionData[]> {
			return [{ json: await checkJob(tools, kind, jobId, itemIndex, settings) }];
		},
	};
}

/** What Generate and Export prepare for an item. */
export interface JobStart {
	body: IDataObject;
	settings: JobSettings;
	billing: ItemBilling;
}

/**
 * Generate and Export differ only in the job kind and the body: both start a job per item and,
 * as the user chose, return at once, poll until it ends, or pause for the service's callback.
 */
export function jobStartOperation(
	kind: JobKind,
	buildBody: (context: IExecuteFunctions, itemIndex: number) => IDataObject,
	estimateCredits: (context: IExecuteFunctions, itemIndex: number, body: IDataObject) => CreditEstimate,
) {
	return {
		pausesForJob: kind,
		prepare(this: IExecuteFunctions, itemIndex: number): JobStart {
			const body = buildBody(this, itemIndex);
			guardLiteralExpressions(this, itemIndex, body);
			return {
				body,
				settings: readJobSettings(this, itemIndex, 'poll'),
				billing: readItemBilling(this, itemIndex, estimateCredits(this, itemIndex, body)),
			};
		},
		billing: (prepared: JobStart): ItemBilling => prepared.billing,
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			{ body, settings }: JobStart,
			tools: ItemTools,
		): Promise<INodeExecutionData[]> {
			return [{ json: await runJob(tools, kind, body, itemIndex, settings) }];
		},
	};
}
