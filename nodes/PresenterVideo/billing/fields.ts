import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOptions } from '../input/fields';
import { literalExpressionError, literalExpressionIn } from '../input/literalExpressions';
import { checkMaxLength, checkNumberInRange, isUnset, optionalText } from '../input/validation';
import type { CreditEstimate, ExportedVideo } from './estimate';
import { DEFAULT_RETENTION_HOURS } from './ledger';
import { TIMING } from '../timing';

/** Options of the operations that bill: a credit cap for the batch, and starts that are never paid twice. */

const MAX_CREDITS_CAP = 1_000_000;
const MIN_RETENTION_HOURS = TIMING.startRetentionHours.min;

/** A year. */
export const MAX_RETENTION_HOURS = TIMING.startRetentionHours.max;

export const billingOptionFields: INodeProperties[] = [
	{
		displayName: 'Max Credits per Execution',
		name: 'maxCredits',
		type: 'number',
		// No min, max or precision: the editor would clamp or round the cap the user typed.
		default: 100,
		description:
			'Start nothing when the cost of all items together could be over this many credits (0 to 1,000,000), counting what the node cannot know at its dearest. Read from the first item: items that map another value are refused. Without this option, an item estimated at over 100 credits (a 10-minute video) is refused, and the items together have no cap.',
	},
	{
		displayName: 'Idempotency Key',
		name: 'idempotencyKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.rowId }}',
		description:
			"A value unique to what this item asks for, such as a spreadsheet row ID: an item whose key already started a job (within the retention) reuses that job instead of paying for a new one. The job IDs are kept in the workflow's static data, which n8n saves after runs of the active workflow, so these hold across restarts; runs from the editor keep them only until n8n restarts, after which a key starts a new job and a hint says so. An object or list is keyed by its JSON with sorted keys.",
	},
	{
		displayName: 'Idempotency Retention (Hours)',
		name: 'idempotencyRetentionHours',
		type: 'number',
		typeOptions: { minValue: MIN_RETENTION_HOURS, maxValue: MAX_RETENTION_HOURS },
		default: DEFAULT_RETENTION_HOURS,
		description: 'How long a job started with an Idempotency Key is reused for that key',
	},
];

/** Longest video a guard may count for an export: a day. */
const MAX_VIDEO_SECONDS = 86_400;

/** The service tells no video's length before it bills, and an item's duration is not trusted for the cap. */
export const videoLengthBoundField: INodeProperties = {
	displayName: 'Video Length at Most (Seconds)',
	name: 'videoLengthBound',
	type: 'number',
	default: 600,
	description:
		'The longest the video to export can be. Max Credits per Execution counts the export at this length; a duration on the input item is not trusted for the cap. Needed when Max Credits per Execution is set.',
};

export function readVideoLengthBound(context: IExecuteFunctions, itemIndex: number): number | undefined {
	const value = readOptions(context, itemIndex).videoLengthBound;
	return isUnset(value)
		? undefined
		: checkNumberInRange('Video Length at Most (Seconds)', value, 1, MAX_VIDEO_SECONDS, 'seconds');
}

/** What the router needs of an item that bills: its estimate (see estimate.ts) and its billing options. */
export interface ItemBilling extends Pick<CreditEstimate, 'credits' | 'likely' | 'basis' | 'unbounded'> {
	idempotencyKey?: string;
	/** Max Credits per Execution; unset means no cap. The first item's value holds for the batch. */
	maxCredits?: number;
	retentionHours: number;
}

const KEY_FIELD = 'Idempotency Key';

/** Keys are stored in the workflow's static data: long ones would bloat every save. */
const MAX_KEY_LENGTH = 2_000;

/** JSON with every object's keys sorted, so equal objects give one key whatever their key order. */
function sortedJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${sortedJson((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** An object or list mapped as key would be "[object Object]" for every item: keyed by its sorted JSON instead. */
function readIdempotencyKey(value: unknown): string | undefined {
	const text = typeof value === 'object' && value !== null ? sortedJson(value) : optionalText(value, KEY_FIELD);
	if (text === undefined) return undefined;
	// Left as text, `{{ $json.id }}` would be one key for every item: all would share one job.
	const expression = literalExpressionIn(text);
	if (expression !== undefined) throw literalExpressionError(KEY_FIELD, expression, false);
	return checkMaxLength(KEY_FIELD, text, MAX_KEY_LENGTH);
}

export function readItemBilling(context: IExecuteFunctions, itemIndex: number, estimate: CreditEstimate): ItemBilling {
	const { maxCredits, idempotencyKey, idempotencyRetentionHours } = readOptions(context, itemIndex);
	return {
		credits: estimate.credits,
		likely: estimate.likely,
		basis: estimate.basis,
		unbounded: estimate.unbounded,
		idempotencyKey: readIdempotencyKey(idempotencyKey),
		maxCredits: isUnset(maxCredits)
			? undefined
			: checkNumberInRange('Max Credits per Execution', maxCredits, 0, MAX_CREDITS_CAP, 'credits'),
		retentionHours: isUnset(idempotencyRetentionHours)
			? DEFAULT_RETENTION_HOURS
			: checkNumberInRange(
					'Idempotency Retention (Hours)',
					idempotencyRetentionHours,
					MIN_RETENTION_HOURS,
					MAX_RETENTION_HOURS,
					'hours',
				),
	};
}

function numberIn(json: IDataObject, field: string): number | undefined {
	const result = json.result as IDataObject | undefined;
	const value = json[field] ?? result?.[field];
	return typeof value === 'number' && value > 0 ? value : undefined;
}

/** What the input item says about the video to export, for example Generate's output: hints for the shown estimate, never for the cap. */
export function exportedVideoOf(json: IDataObject): ExportedVideo {
	const fromGenerate =
		json.kind === 'generation' || (typeof json.job_id === 'string' && json.job_id.startsWith('run_'));
	return {
		durationSeconds: numberIn(json, 'duration'),
		origin: fromGenerate ? 'api' : undefined,
		hasAvatar: typeof json.hasAvatar === 'boolean' ? json.hasAvatar : undefined,
		avatarSeconds: numberIn(json, 'avatarSeconds'),
	};
}
