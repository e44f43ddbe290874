import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOptions } from '../input/fields';
import type { RateShape } from '../schedule/readScheduler';
import { checkMinutes, checkSeconds } from '../input/validation';
import { TIMING } from '../timing';

export interface WaitPreferences {
	maxWaitMs: number;
	/** Max Wait was set on the item, not left at its default. */
	maxWaitGiven?: boolean;
	/** The number of items the node runs together: a Max Wait left at its default grows with it. */
	batchItems?: number;
	/** A fixed interval instead of the service's recommended schedule. */
	fixedIntervalMs?: number;
	/** Another job starts once this one ends (Create's export), so its reads go before other reads. */
	beforeStart?: boolean;
}

type WaitMode = 'none' | 'poll' | 'callback';

/** How an item wants its job handled, as its fields say. */
export interface JobSettings {
	waitMode: WaitMode;
	wait: WaitPreferences;
	simplify: boolean;
}

const PAUSE_OPTION = {
	name: 'Pause Until the Service Calls Back',
	value: 'callback',
	description:
		'Pause the execution without holding a worker and resume once the service has called back for every job. A job it does not call back for (the service does not for failures) comes out at Max Wait with its job ID. Exports are polled. The service must reach n8n’s address. On n8n 1.x in queue mode, route /webhook-waiting/ to one webhook processor or poll: copies of a callback on two webhook processors can run the rest of the workflow twice.',
};

/** Max Wait of a paused batch left at its default: time to render, plus the longest video's length several times over. */
export function pauseMaxWaitMs(longestVideoSeconds: number): number {
	return TIMING.pauseMaxWait.baseMs + TIMING.pauseMaxWait.perVideoSecond * longestVideoSeconds * 1000;
}

export function waitForCompletionField(defaultMode: WaitMode, offerPause = false): INodeProperties {
	return {
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
			...(offerPause ? [PAUSE_OPTION] : []),
		],
		default: defaultMode,
		description:
			'Whether to wait for the job to finish before passing items on. Several items are waited for side by side.',
	};
}

/** What the Max Wait field says of its default, for every operation that polls. */
export const GROWING_DEFAULT = `Left at its default, it grows with the batch by the time the rate limit takes for ${TIMING.callsPerItem} requests per item (${TIMING.callsPerItem} minutes per 100 items at 100 requests a minute), so a batch of any size can complete; a value you set is kept as it is.`;

/** Max Wait as set; left at its default, plus the time the rate limit takes for the batch's calls. */
export function waitedForMs(wait: WaitPreferences, rate: RateShape): number {
	if (wait.maxWaitGiven) return wait.maxWaitMs;
	return wait.maxWaitMs + ((wait.batchItems ?? 1) * TIMING.callsPerItem * rate.windowMs) / Math.max(rate.limit, 1);
}

/** Options-collection entries that tune polling. */
export const waitOptionFields: INodeProperties[] = [
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: TIMING.maxWaitMinutes.max, numberPrecision: 2 },
		// n8n's linter asks for a literal here: TIMING.maxWaitMinutes.default, which timing.test.ts checks.
		default: 30,
		description: `How long to wait for a job after its start before passing the item on with its job ID, marked as timed out. ${GROWING_DEFAULT} When pausing, it defaults to 10 minutes plus 5 times the longest video’s length.`,
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
	defaultMaxWaitMinutes = TIMING.maxWaitMinutes.default,
): WaitPreferences {
	const options = readOptions(context, itemIndex);
	const maxWaitMinutes = checkMinutes(
		'Max Wait (Minutes)',
		options.maxWaitMinutes,
		defaultMaxWaitMinutes,
		TIMING.maxWaitMinutes.max,
	);
	const interval = checkSeconds('Polling Interval (Seconds)', options.pollingIntervalSeconds, 0, 600);
	return {
		maxWaitMs: Math.max(maxWaitMinutes, 0) * 60_000,
		maxWaitGiven: options.maxWaitMinutes !== undefined,
		batchItems: context.getInputData().length,
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
