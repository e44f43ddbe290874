import { LEDGER_LIMITS } from './limits';

/**
 * The events a trigger has already started a workflow for: key -> first acceptance (epoch ms).
 * Kept in the workflow's static data, so it must stay small, plain JSON and survive any content
 * (an older version, a hand edit): every reader accepts garbage and treats it as empty.
 */
export interface DeliveryLedger {
	entries: Record<string, number>;
}

export interface LedgerLimits {
	maxEntries: number;
	ttlMs: number;
}

/** One event of one job: a repeat of the same job in the same final status is the same event. */
export function eventKey(jobId: string, status: string): string {
	return `${jobId}|${status.toLowerCase()}`;
}

function liveEntries(ledger: unknown, now: number, limits: LedgerLimits): Array<[string, number]> {
	const entries = (ledger as Partial<DeliveryLedger> | undefined)?.entries;
	if (typeof entries !== 'object' || entries === null) return [];
	return Object.entries(entries).filter(
		(entry): entry is [string, number] =>
			typeof entry[1] === 'number' &&
			Number.isFinite(entry[1]) &&
			now - entry[1] < limits.ttlMs &&
			entry[1] <= now + limits.ttlMs,
	);
}

export function hasEntry(
	ledger: unknown,
	key: string,
	now = Date.now(),
	limits: LedgerLimits = LEDGER_LIMITS,
): boolean {
	return liveEntries(ledger, now, limits).some(([entryKey]) => entryKey === key);
}

/** A new ledger with `key` added, expired entries dropped and only the newest `maxEntries` kept. */
export function withEntry(
	ledger: unknown,
	key: string,
	now = Date.now(),
	limits: LedgerLimits = LEDGER_LIMITS,
): DeliveryLedger {
	const kept = liveEntries(ledger, now, limits).filter(([entryKey]) => entryKey !== key);
	kept.sort((a, b) => a[1] - b[1]);
	// The new key always stays, even if a clock step made older entries look newer.
	const room = Math.max(limits.maxEntries - 1, 0);
	const newest = room === 0 ? [] : kept.slice(-room);
	return { entries: Object.fromEntries([...newest, [key, now]]) };
}
