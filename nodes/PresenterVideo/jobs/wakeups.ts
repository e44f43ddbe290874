import { MinHeap } from '../transport/minHeap';
import { restFor } from '../transport/time';

type Sleeper = { at: number; wake(): void; woken?: boolean; key?: object };

/**
 * Many rests on one timer: each ends at its time, or early, all at once when `wakeAll` says what
 * they waited for may have moved, or one when `wake` names its key. A batch's waiting jobs rest here
 * rather than each looking again every moment, which would cost each job work in proportion to the
 * time it waits.
 *
 * The timer is set for the soonest rest and cleared when no rest needs it, so the process wakes
 * only when a job is due, and nothing is left running once the rests have ended.
 */
export class Wakeups {
	private readonly sleepers = new MinHeap<Sleeper>((a, b) => a.at < b.at);
	private readonly byKey = new WeakMap<object, Sleeper>();

	private timer?: { at: number; stop: AbortController };

	constructor(private readonly now: () => number = () => Date.now()) {}

	/** Rests until `at`; `key` names the rest for `wake` (one rest a key at a time). */
	async until(at: number, key?: object): Promise<void> {
		await new Promise<void>((wake) => {
			const sleeper: Sleeper = { at, wake, key };
			if (key) this.byKey.set(key, sleeper);
			this.sleepers.push(sleeper);
			this.arm();
		});
	}

	wakeAll(): void {
		for (const sleeper of this.sleepers.drain()) this.end(sleeper);
		this.disarm();
	}

	/** Ends the rest named `key`, if one is resting; the others rest on. */
	wake(key: object): void {
		const sleeper = this.byKey.get(key);
		if (!sleeper || sleeper.woken) return;
		this.end(sleeper);
		// Left in the heap, it is let go when it comes up; with no rest left, the timer goes too.
		this.arm();
	}

	private end(sleeper: Sleeper): void {
		if (sleeper.woken) return;
		sleeper.woken = true;
		if (sleeper.key) this.byKey.delete(sleeper.key);
		sleeper.wake();
	}

	/** Sets the timer for the soonest rest, unless it is set for then or sooner; clears it with none. */
	private arm(): void {
		while (this.sleepers.peek()?.woken) this.sleepers.pop();
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
		while ((this.sleepers.peek()?.at ?? Infinity) <= now) this.end(this.sleepers.pop() as Sleeper);
		this.arm();
	}
}
