import { withEntry, hasEntry, type DeliveryLedger } from './deliveryLedger';
import { PROCESS_MEMORY_LIMITS } from './limits';

/**
 * n8n loads static data when a request arrives and saves it after the answer, so two copies of an
 * event handled at the same time (or one arriving in the moment between) both read "not seen".
 * This memory, shared by every call in this n8n process, closes that gap: it knows the events
 * being handled right now and the ones accepted recently. It does not span several processes
 * (queue mode with many webhook processes) nor a restart, and the static-data ledger cannot
 * either: n8n 2.x saves static data changed in `webhook()` only the first time, and a saved copy is
 * read before and written after each request, so two processes overwrite each other. Repeats that
 * get past this guard start an execution, in which the trigger's `execute()` drops them using
 * n8n's database-backed de-duplication store (see processedEvents.ts).
 */
const inFlight = new Set<string>();
let recentlyAccepted: DeliveryLedger = { entries: {} };

/** Separate triggers (other workflows, other nodes) must not see each other's events. */
export function scopedKey(scope: string, key: string): string {
	return `${scope}#${key}`;
}

export type ClaimResult = 'claimed' | 'in-flight' | 'accepted-recently';

/** Marks an event as being handled by this call, unless another call has it or had it. */
export function claim(key: string, now = Date.now()): ClaimResult {
	if (inFlight.has(key)) return 'in-flight';
	if (hasEntry(recentlyAccepted, key, now, PROCESS_MEMORY_LIMITS)) return 'accepted-recently';
	inFlight.add(key);
	return 'claimed';
}

/** Ends a claim; an accepted event is remembered so a later copy is dropped. */
export function release(key: string, accepted: boolean, now = Date.now()): void {
	inFlight.delete(key);
	if (accepted) recentlyAccepted = withEntry(recentlyAccepted, key, now, PROCESS_MEMORY_LIMITS);
}
