/** How much a process memory holds, and for how long after an entry was last set. */
export interface MemoryLimits {
	maxEntries: number;
	keepMs: number;
}

/**
 * What this n8n process keeps between executions, calls and deliveries: the starts being shared,
 * the paused batches' callbacks, the deliveries a trigger accepted. Entries are kept in the order
 * they were last set, each for `keepMs`; past `maxEntries` the least recently set goes first. Only
 * ever a guard or a shortcut within one process: another process (queue mode) or a restart starts
 * empty, so what must hold everywhere is kept by n8n (static data, its de-duplication store).
 */
export class ProcessMemory<V> {
	private readonly entries = new Map<string, { value: V; setAt: number }>();

	constructor(private readonly limits: MemoryLimits) {}

	/** The value under `key`, unless it was never set, was let go, or was set `keepMs` ago. */
	get(key: string, now = Date.now()): V | undefined {
		const entry = this.entries.get(key);
		if (entry === undefined) return undefined;
		if (now - entry.setAt < this.limits.keepMs) return entry.value;
		this.entries.delete(key);
		return undefined;
	}

	/** Sets `key` (again), which keeps it for another `keepMs`, and lets go of what is over the limits. */
	set(key: string, value: V, now = Date.now()): void {
		this.entries.delete(key);
		this.entries.set(key, { value, setAt: now });
		for (const [oldest, entry] of this.entries) {
			if (this.entries.size <= this.limits.maxEntries && now - entry.setAt < this.limits.keepMs) break;
			this.entries.delete(oldest);
		}
	}

	delete(key: string): void {
		this.entries.delete(key);
	}

	*values(): IterableIterator<V> {
		for (const entry of this.entries.values()) yield entry.value;
	}
}
