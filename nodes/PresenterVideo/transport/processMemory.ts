export type MemoryLimits = { maxEntries: number; keepMs: number };

/** Each entry lasts `keepMs` after it was last set; past `maxEntries` the least recently set goes. Per process. */
export class ProcessMemory<V> {
	private readonly entries = new Map<string, { value: V; setAt: number }>();

	constructor(private readonly limits: MemoryLimits) {}

	get(key: string, now = Date.now()): V | undefined {
		const entry = this.entries.get(key);
		if (entry === undefined) return undefined;
		if (now - entry.setAt < this.limits.keepMs) return entry.value;
		this.entries.delete(key);
		return undefined;
	}

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
