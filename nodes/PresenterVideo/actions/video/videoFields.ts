import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { JOB_KINDS } from '../../helpers/jobKinds';
import { LIMITS } from '../../helpers/limits';
import type { FrameInput } from '../../helpers/requestBodies';
import {
	checkJob,
	runJob,
	type ItemTools,
	type JobSettings,
	type WaitMode,
	type WaitPreferences,
} from '../../helpers/jobs';
import type { JobKind } from '../../helpers/types';
import { checkMinutes, checkSeconds, requireText } from '../../helpers/validation';
import { readItemBilling, type ItemBilling } from './billingFields';

/** Fields that several video operations share, and how to read them. */

const FORMAT_OPTIONS = [
	{ name: 'Vertical (9:16, 1080x1920)', value: 'vertical' },
	{ name: 'Square (1:1, 1080x1080)', value: 'square' },
	{ name: 'Ads (4:5, 1080x1350)', value: 'ads' },
	{ name: 'Horizontal (16:9, 1920x1080)', value: 'horizontal' },
	{ name: 'Custom', value: 'custom' },
];

/** Format with custom width and height, for generation (default vertical) or export (default: keep the original). */
export function frameFields(forExport: boolean): INodeProperties[] {
	const custom = { show: { format: ['custom'] } };
	return [
		forExport
			? {
					displayName: 'Format',
					name: 'format',
					type: 'options',
					options: [{ name: 'Original', value: 'original' }, ...FORMAT_OPTIONS],
					default: 'original',
					description: 'Frame of the exported MP4; Original keeps the format the video was generated in',
				}
			: {
					displayName: 'Format',
					name: 'format',
					type: 'options',
					options: FORMAT_OPTIONS,
					default: 'vertical',
					description: 'Frame of the video',
				},
		{
			displayName: 'Width',
			name: 'width',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: LIMITS.maxPixels },
			default: 1080,
			description: 'Width in pixels, at most 5000. Over 1920 wide or 1080 high costs extra credits on export.',
			displayOptions: custom,
		},
		{
			displayName: 'Height',
			name: 'height',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: LIMITS.maxPixels },
			default: 1920,
			description: 'Height in pixels, at most 5000',
			displayOptions: custom,
		},
	];
}

/** Width and height are read only for a custom format, so hidden leftovers are never sent. */
export function readFrame(context: IExecuteFunctions, itemIndex: number, defaultFormat: string): FrameInput {
	const format = context.getNodeParameter('format', itemIndex, defaultFormat) as string;
	return {
		format,
		width: format === 'custom' ? context.getNodeParameter('width', itemIndex) : undefined,
		height: format === 'custom' ? context.getNodeParameter('height', itemIndex) : undefined,
	};
}

export const avatarModelField: INodeProperties = {
	displayName: 'Avatar Model Name or ID',
	name: 'avatarModel',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAvatarModels', loadOptionsDependsOn: ['avatar.value'] },
	default: '',
	description:
		'Quality model for the presenter; the list shows the models the chosen avatar supports. Leave empty for the service’s default. Must stay empty for videos without an avatar. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const webhookUrlOption: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://n8n.example.com/webhook/…/presenter-video',
	description:
		'Address the service notifies when the job ends; paste the Production URL of a Presenter Video Trigger node here',
};

const PAUSE_OPTION = {
	name: 'Pause Until the Service Calls Back',
	value: 'callback',
	description:
		'Pause the execution without polling or holding a worker, and resume once the service has reported the end of every job. The service must reach n8n’s address: for n8n on localhost or a private network with a remote service, use Poll Until Done.',
};

export function waitForCompletionField(defaultMode: WaitMode, offerPause = false): INodeProperties {
	const field: INodeProperties = {
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'options',
		options: [
			{
				name: "Don't Wait",
				value: 'none',
				description: 'Return the job ID and status at once; check later with a status operation or the trigger node',
			},
			{
				name: 'Poll Until Done',
				value: 'poll',
				description: 'Check the status on the service’s recommended schedule until the job ends or Max Wait passes',
			},
		],
		default: defaultMode,
		description:
			'Whether to wait for the job to finish before passing items on. Several items are waited for side by side.',
	};
	if (offerPause) field.options = [...(field.options ?? []), PAUSE_OPTION];
	return field;
}

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** Options-collection entries that tune polling. */
export const waitOptionFields: INodeProperties[] = [
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440, numberPrecision: 2 },
		default: 30,
		description: 'How long to wait before passing the item on with its job ID, marked as timed out',
	},
	{
		displayName: 'Polling Interval (Seconds)',
		name: 'pollingIntervalSeconds',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 600 },
		default: 0,
		description:
			'Seconds between status checks. 0 follows the service’s recommended schedule (more often at first, less often later).',
	},
];

/** The Options collection of an operation, its entries in alphabetical order. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** What Generate and Export show after their own fields: how to wait, what to return, and options. */
export function jobStartFields(options: INodeProperties[]): INodeProperties[] {
	return [
		waitForCompletionField('poll', true),
		simplifyField,
		optionsCollection([...options, ...waitOptionFields, webhookUrlOption]),
	];
}

export function readOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return context.getNodeParameter('options', itemIndex, {}) as IDataObject;
}

export function readWaitPreferences(
	context: IExecuteFunctions,
	itemIndex: number,
	defaultMaxWaitMinutes = 30,
): WaitPreferences {
	const options = readOptions(context, itemIndex);
	const maxWaitMinutes = checkMinutes('Max Wait (Minutes)', options.maxWaitMinutes, defaultMaxWaitMinutes, 1440);
	const interval = checkSeconds('Polling Interval (Seconds)', options.pollingIntervalSeconds, 0, 600);
	return {
		maxWaitMs: Math.max(maxWaitMinutes, 0) * 60_000,
		fixedIntervalMs: interval > 0 ? Math.max(interval, 1) * 1000 : undefined,
	};
}

export function readJobSettings(context: IExecuteFunctions, itemIndex: number, defaultMode: WaitMode): JobSettings {
	return {
		waitMode: context.getNodeParameter('waitForCompletion', itemIndex, defaultMode) as WaitMode,
		wait: readWaitPreferences(context, itemIndex),
		simplify: context.getNodeParameter('simplify', itemIndex, true) as boolean,
	};
}

/** Get Generation Status and Get Export Status differ only in the job kind. */
export function jobStatusFields(kind: JobKind): INodeProperties[] {
	return [
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
	];
}

/** Reads the Job ID, then the job's status, once or until it ends. */
export function jobStatusOperation(kind: JobKind) {
	interface Prepared {
		jobId: string;
		settings: JobSettings;
	}
	const fix = `Map the jobId output of the ${JOB_KINDS[kind].startOperation} operation into this field.`;
	return {
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

/**
 * Generate and Export differ only in the job kind and the body: both start a job per item and,
 * as the user chose, return at once, poll until it ends, or pause for the service's callback.
 */
export function jobStartOperation(
	kind: JobKind,
	buildBody: (context: IExecuteFunctions, itemIndex: number) => IDataObject,
	estimateCredits: (context: IExecuteFunctions, itemIndex: number, body: IDataObject) => number,
) {
	interface Prepared {
		body: IDataObject;
		settings: JobSettings;
		billing: ItemBilling;
	}
	return {
		pausesForJob: kind,
		prepare(this: IExecuteFunctions, itemIndex: number): Prepared {
			const body = buildBody(this, itemIndex);
			return {
				body,
				settings: readJobSettings(this, itemIndex, 'poll'),
				billing: readItemBilling(this, itemIndex, estimateCredits(this, itemIndex, body)),
			};
		},
		billing: (prepared: Prepared): ItemBilling => prepared.billing,
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			{ body, settings }: Prepared,
			tools: ItemTools,
		): Promise<INodeExecutionData[]> {
			return [{ json: await runJob(tools, kind, body, itemIndex, settings) }];
		},
	};
}
