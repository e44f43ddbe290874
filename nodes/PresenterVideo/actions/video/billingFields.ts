import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ExportedVideo } from '../../helpers/credits/creditEstimate';
import { DEFAULT_RETENTION_HOURS } from '../../helpers/ledger/startLedger';

/** Options of the operations that bill: a credit cap for the batch, and starts that are never paid twice. */

export const billingOptionFields: INodeProperties[] = [
	{
		displayName: 'Max Credits per Execution',
		name: 'maxCredits',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 1 },
		default: 100,
		description:
			'Start nothing when the estimated cost of all items together is over this many credits. Without this option, there is no cap.',
	},
	{
		displayName: 'Idempotency Key',
		name: 'idempotencyKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.rowId }}',
		description:
			'A value unique to what this item asks for, such as a spreadsheet row ID: an item whose key already started a job (within the retention) reuses that job instead of paying for a new one, also in later executions',
	},
	{
		displayName: 'Idempotency Retention (Hours)',
		name: 'idempotencyRetentionHours',
		type: 'number',
		typeOptions: { minValue: 0.1, maxValue: 8760 },
		default: DEFAULT_RETENTION_HOURS,
		description: 'How long a job started with an Idempotency Key is reused for that key',
	},
];

/** What the router needs of an item that bills. */
export interface ItemBilling {
	/** The local estimate of what the item's starts cost. */
	credits: number;
	idempotencyKey?: string;
}

function readOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return context.getNodeParameter('options', itemIndex, {}) as IDataObject;
}

export function readIdempotencyKey(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const key = readOptions(context, itemIndex).idempotencyKey;
	const text = key === undefined || key === null ? '' : String(key).trim();
	return text === '' ? undefined : text;
}

/** The cap and retention hold for the whole execution, so the first item's values count. */
export function readBatchBilling(context: IExecuteFunctions): { maxCredits?: number; retentionHours: number } {
	const options = readOptions(context, 0);
	const maxCredits =
		options.maxCredits === undefined || options.maxCredits === '' ? undefined : Number(options.maxCredits);
	const retention = Number(options.idempotencyRetentionHours ?? DEFAULT_RETENTION_HOURS);
	return {
		maxCredits: Number.isFinite(maxCredits) ? maxCredits : undefined,
		retentionHours: retention > 0 ? retention : DEFAULT_RETENTION_HOURS,
	};
}

function numberIn(json: IDataObject, field: string): number | undefined {
	const result = json.result as IDataObject | undefined;
	const value = json[field] ?? result?.[field];
	return typeof value === 'number' && value > 0 ? value : undefined;
}

/** What the input item says about the video to export, for example Generate's output. */
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
