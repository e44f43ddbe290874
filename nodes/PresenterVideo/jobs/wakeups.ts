import { MinHeap } from '../transport/minHeap';
import { restFor } from '../transport/time';

type Sleeper = { at: number; wake(): void };

/**
 * Many rests on one timer: each ends at its time, or all end at once when `wakeAll` says what they
 * waited for may have moved. A batch's waiting jobs rest here rather than each looking again every
 * moment, which would cost each job work in proportion to the time it waits.
 *
 * The timer is set for the soonest rest and cleared when no rest needs it, so the process wakes
 * only when a job is due, and nothing is left running once the rests have ended.
 */
export class Wakeups {
	private readonly sleepers = new MinHeap<Sleeper>((a, b) => a.at < b.at);

	private timer?: { at: number; stop: AbortController };

	constructor(private readonly now: () => number = () => Date.now()) {}

	async until(at: number): Promise<void> {
		await new Promise<void>((wake) => {
			this.sleepers.push({ at, wake });
			this.arm();
		});
	}

	wakeAll(): void {
		for (const sleeper of this.sleepers.drain()) sleeper.wake();
		this.disarm();
	}

	/** Sets the timer for the soonest rest, unless it is set for then or sooner. */
	private arm(): void {
		const soonest = this.sleepers.peek();
		if (!soonest) return this.disarm();
		if (this.timer && this.timer.at <= soonest.at) return;
		this.disarm();
		const timer = { at: soonest.at, stop: new AbortController() };
		this.timer = timer;
		void restFor(Math.max(soonest.at - this.now(), 1), timer.stop.signal).then(() => {
			if (this.timer === timer) this.ring();
		});
	}

	private disarm(): void {
		this.timer?.stop.abort();
		this.timer = undefined;
	}

	private ring(): void {
		this.timer = undefined;
		const now = this.now();
		while ((this.sleepers.peek()?.at ?? Infinity) <= now) this.sleepers.pop()?.wake();
		this.arm();
	}
}
