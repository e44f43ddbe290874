import { sleep } from 'n8n-workflow';

import { MinHeap } from '../transport/minHeap';

type Sleeper = { at: number; wake(): void };

/**
 * The longest a timer is set for: n8n's `sleep` cannot be cancelled in every version, so a timer
 * left behind by rests that ended early lasts at most this long.
 */
const LONGEST_TIMER_MS = 500;

/**
 * Many rests on one timer: each ends at its time, or all end at once when `wakeAll` says what they
 * waited for may have moved. A batch's waiting jobs rest here rather than each looking again every
 * moment, which would cost each job work in proportion to the time it waits.
 */
export class Wakeups {
	private readonly sleepers = new MinHeap<Sleeper>((a, b) => a.at < b.at);

	/** When the soonest timer set will ring (Infinity: none). */
	private timerAt = Infinity;

	constructor(private readonly now: () => number = () => Date.now()) {}

	async until(at: number): Promise<void> {
		await new Promise<void>((wake) => {
			this.sleepers.push({ at, wake });
			this.arm();
		});
	}

	wakeAll(): void {
		for (const sleeper of this.sleepers.drain()) sleeper.wake();
	}

	/** Sets a timer for the soonest rest, unless one rings by then (a later one is left to ring, harmlessly). */
	private arm(): void {
		const soonest = this.sleepers.peek();
		if (!soonest || soonest.at >= this.timerAt) return;
		const now = this.now();
		const at = Math.min(soonest.at, now + LONGEST_TIMER_MS);
		this.timerAt = at;
		void sleep(Math.max(at - now, 1)).then(() => this.ring(at));
	}

	private ring(at: number): void {
		if (this.timerAt === at) this.timerAt = Infinity;
		const now = this.now();
		while ((this.sleepers.peek()?.at ?? Infinity) <= now) this.sleepers.pop()?.wake();
		this.arm();
	}
}
