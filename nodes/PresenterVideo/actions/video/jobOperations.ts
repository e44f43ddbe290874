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

/** Get Generation Status and Get Export Status, which differ only in the job kind. */
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

interface JobStartSpec {
	kind: JobKind;
	operation: string;
	/** The operation's own fields: how to wait, what to return, and the Options follow them. */
	fields: INodeProperties[];
	/** The operation's own entries of the Options, beside waiting, the webhook and expression syntax. */
	options: INodeProperties[];
	buildBody: (context: IExecuteFunctions, itemIndex: number) => IDataObject;
	estimateCredits: (context: IExecuteFunctions, itemIndex: number, body: IDataObject) => CreditEstimate;
}

/** Generate and Export: a job per item, then return at once, poll until it ends, or pause for the callback. */
export function jobStartOperation({ kind, operation, fields, options, buildBody, estimateCredits }: JobStartSpec) {
	return {
		description: updateDisplayOptions({ show: { resource: ['video'], operation: [operation] } }, [
			...fields,
			waitForCompletionField('poll', true),
			simplifyField,
			optionsCollection([...options, ...waitOptionFields, webhookUrlOption, allowExpressionSyntaxField]),
		]),
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
