/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/** Every timer the sandbox starts, so close() can cancel them all and jest exits cleanly. */
export class Timers {
	private readonly pending = new Set<NodeJS.Timeout>();
	private closed = false;

	set(callback: () => void, ms: number): void {
		if (this.closed) return;
		const timer = setTimeout(() => {
			this.pending.delete(timer);
			callback();
		}, ms);
		this.pending.add(timer);
	}

	/** Resolves after `ms`; never resolves once the sandbox is closed, which ends whatever awaited it. */
	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => this.set(resolve, ms));
	}

	get isClosed(): boolean {
		return this.closed;
	}

	clearAll(): void {
		this.closed = true;
		for (const timer of this.pending) clearTimeout(timer);
		this.pending.clear();
	}
}
