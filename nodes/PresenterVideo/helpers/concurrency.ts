/** Runs `task` over every entry with at most `limit` in flight; results keep the input order. */
export async function mapWithConcurrency<T, R>(
	entries: readonly T[],
	limit: number,
	task: (entry: T, index: number) => Promise<R>,
): Promise<R[]> {
	const results = new Array<R>(entries.length);
	let next = 0;
	async function worker(): Promise<void> {
		while (next < entries.length) {
			const index = next++;
			results[index] = await task(entries[index], index);
		}
	}
	await Promise.all(Array.from({ length: Math.min(Math.max(limit, 1), entries.length) }, worker));
	return results;
}

/** A counting semaphore: many jobs wait side by side, but only a few status calls run at once. */
export class Semaphore {
	private available: number;

	private readonly waiting: Array<() => void> = [];

	constructor(limit: number) {
		this.available = Math.max(limit, 1);
	}

	async use<R>(task: () => Promise<R>): Promise<R> {
		if (this.available > 0) this.available--;
		else await new Promise<void>((resolve) => this.waiting.push(resolve));
		try {
			return await task();
		} finally {
			const wake = this.waiting.shift();
			if (wake) wake();
			else this.available++;
		}
	}
}
