import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { type MemoryLimits, ProcessMemory } from '../transport/processMemory';
import { TIMING } from '../timing';

/** Started events (key -> first acceptance, epoch ms) in static data; readers treat other content as empty. */
interface DeliveryLedger {
	entries: Record<string, number>;
}

/** One job's event. The kind counts (both kinds may have `run_` ids); an unknown kind keys apart from both. */
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
 * n8n loads static data before a request and saves it after the answer, so two copies handled at
 * once both read "not seen": this process-wide memory of events in hand and recently accepted
 * closes that gap. Neither it nor the ledger spans processes or restarts (n8n 2.x saves static data
 * changed in `webhook()` only the first time); repeats that get past start an execution, where
 * dropProcessedEvents drops them.
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
 * Keeps and records the items whose event no earlier execution processed, in n8n's database-backed
 * de-duplication store, which holds across processes and restarts. It reads then writes without a
 * lock, so two copies executing at the same moment can both pass. Manual executions pass unrecorded,
 * so testing never hides a real event.
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
	return items.filter((item) => {
		const key = itemEventKey(item);
		// Deleted once kept: one item per event, even if it appears twice in this execution's input.
		return key === undefined || freshKeys.delete(key);
	});
}
