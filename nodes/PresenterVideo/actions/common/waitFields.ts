import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { WaitPreferences } from '../../helpers/jobLifecycle';
import { checkMinutes, checkSeconds } from '../../helpers/validation';

export type WaitMode = 'none' | 'poll' | 'callback';

const PAUSE_OPTION = {
	name: 'Pause Until the Service Calls Back',
	value: 'callback',
	description:
		'Pause the execution without polling, and resume when the service reports the end of the job. One item per execution.',
};

export function waitForCompletionField(
	operations: string[],
	defaultMode: WaitMode,
	offerPause = false,
): INodeProperties {
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
		displayOptions: { show: { resource: ['video'], operation: operations } },
	};
	if (offerPause) field.options = [...(field.options ?? []), PAUSE_OPTION];
	return field;
}

/** Options-collection entries that tune polling; shown inside each operation's Options. */
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

export function readWaitPreferences(
	context: IExecuteFunctions,
	itemIndex: number,
	defaultMaxWaitMinutes = 30,
): WaitPreferences {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const maxWaitMinutes = checkMinutes('Max Wait (Minutes)', options.maxWaitMinutes, defaultMaxWaitMinutes, 1440);
	const interval = checkSeconds('Polling Interval (Seconds)', options.pollingIntervalSeconds, 0, 600);
	return {
		maxWaitMs: Math.max(maxWaitMinutes, 0) * 60_000,
		fixedIntervalMs: interval > 0 ? Math.max(interval, 1) * 1000 : undefined,
	};
}
