import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { type MemoryLimits, ProcessMemory } from '../transport/processMemory';
import { TIMING } from '../timing';

/**
 * The events a trigger has already started a workflow for: key -> first acceptance (epoch ms).
 * Kept in the workflow's static data, so it must stay small, plain JSON and survive any content
 * (an older version, a hand edit): every reader accepts garbage and treats it as empty.
 */
interface DeliveryLedger {
	entries: Record<string, number>;
}

/**
 * One event of one job: a repeat of the same job of the same kind in the same final status is the
 * same event. The kind is part of it: both kinds may have `run_` ids, and an export event must not
 * pass for a repeat of a generation's (nor hide it). A kind still unknown (to be asked of the
 * status endpoint) keys apart from both.
 */
export function eventKey(jobId: string, status: string, kind: string | undefined): string {
	return `${kind ?? 'unknown'}|${jobId}|${status.toLowerCase()}`;
}

function liveEntries(ledger: unknown, now: number, limits: MemoryLimits): Array<[string, number]> {
	const entries = (ledger as Partial<DeliveryLedger> | undefined)?.entries;
	if (typeof entries !== 'object' || entries === null) return [];
	return Object.entries(entries).filter(
		(entry): entry is [string, number] =>
			Number.isFinite(entry[1]) && now - entry[1] < limits.keepMs && entry[1] <= now + limits.keepMs,
	);
}

export function hasEntry(
	ledger: unknown,
	key: string,
	now = Date.now(),
	limits: MemoryLimits = TIMING.deliveryLedger,
): boolean {
	return liveEntries(ledger, now, limits).some(([entryKey]) => entryKey === key);
}

/** A new ledger with `key` added, expired entries dropped and only the newest `maxEntries` kept. */
export function withEntry(
	ledger: unknown,
	key: string,
	now = Date.now(),
	limits: MemoryLimits = TIMING.deliveryLedger,
): DeliveryLedger {
	const kept = liveEntries(ledger, now, limits).filter(([entryKey]) => entryKey !== key);
	kept.sort((a, b) => a[1] - b[1]);
	// The new key always stays, even if a clock step made older entries look newer.
	const room = Math.max(limits.maxEntries - 1, 0);
	const newest = room === 0 ? [] : kept.slice(-room);
	return { entries: Object.fromEntries([...newest, [key, now]]) };
}

/**
 * n8n loads static data when a request arrives and saves it after the answer, so two copies of an
 * event handled at the same time (or one arriving in the moment between) both read "not seen".
 * This memory, shared by every call in this n8n process, closes that gap: it knows the events
 * being handled right now and the ones accepted recently. It does not span several processes
 * (queue mode with many webhook processes) nor a restart, and the static-data ledger cannot
 * either: n8n 2.x saves static data changed in `webhook()` only the first time, and a saved copy is
 * read before and written after each request, so two processes overwrite each other. Repeats that
 * get past this guard start an execution, in which the trigger's `execute()` drops them using
 * n8n's database-backed de-duplication store (see dropProcessedEvents).
 */
const inFlight = new Set<string>();

const recentlyAccepted = new ProcessMemory<true>(TIMING.acceptedDeliveries);

/** Separate triggers (other workflows, other nodes) must not see each other's events. */
export function scopedKey(scope: string, key: string): string {
	return `${scope}#${key}`;
}

/** Marks an event as being handled by this call, unless another call has it or had it. */
export function claim(key: string, now = Date.now()): 'claimed' | 'in-flight' | 'accepted-recently' {
	if (inFlight.has(key)) return 'in-flight';
	if (recentlyAccepted.get(key, now)) return 'accepted-recently';
	inFlight.add(key);
	return 'claimed';
}

/** Ends a claim; an accepted event is remembered so a later copy is dropped. */
export function release(key: string, accepted: boolean, now = Date.now()): void {
	inFlight.delete(key);
	if (accepted) recentlyAccepted.set(key, true, now);
}

/** The event an item of the trigger's output stands for, as the webhook side keys it. */
function itemEventKey(item: INodeExecutionData): string | undefined {
	const { jobId, status, kind } = item.json;
	return typeof jobId === 'string' && typeof status === 'string'
		? eventKey(jobId, status, typeof kind === 'string' ? kind : undefined)
		: undefined;
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
		maxEntries: TIMING.deliveryLedger.maxEntries,
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
