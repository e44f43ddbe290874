import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { eventKey } from './deliveryLedger';
import { LEDGER_LIMITS } from './limits';

/** The event an item of the trigger's output stands for, as the webhook side keys it. */
function itemEventKey(item: INodeExecutionData): string | undefined {
	const { jobId, status } = item.json;
	return typeof jobId === 'string' && typeof status === 'string' ? eventKey(jobId, status) : undefined;
}

/**
 * Keeps the items whose event no earlier execution of this trigger has processed, and records
 * them. Runs where the execution runs (a worker in queue mode), in n8n's database-backed
 * de-duplication store, so it holds across webhook processes and restarts. n8n's store reads
 * then writes without a lock, so two copies executing at the very same moment can both pass:
 * the in-process guard keeps that to copies that reached different webhook processes.
 * Manual (test) executions are passed through unrecorded, so testing never hides a real event.
 */
export async function dropProcessedEvents(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (context.getMode() === 'manual') return items;
	const keys = [...new Set(items.map(itemEventKey).filter((key): key is string => key !== undefined))];
	if (keys.length === 0) return items;
	const { new: fresh } = await context.helpers.checkProcessedAndRecord(keys, 'node', {
		mode: 'entries',
		maxEntries: LEDGER_LIMITS.maxEntries,
	});
	const freshKeys = new Set(fresh.map(String));
	const kept = new Set<string>();
	return items.filter((item) => {
		const key = itemEventKey(item);
		if (key === undefined) return true;
		// One item per event even if the same event appears twice in this execution's input.
		if (!freshKeys.has(key) || kept.has(key)) return false;
		kept.add(key);
		return true;
	});
}
