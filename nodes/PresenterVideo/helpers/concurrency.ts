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
