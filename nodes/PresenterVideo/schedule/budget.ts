import { TIMING } from '../timing';
import { restFor } from './time';
import { MinHeap } from './minHeap';
import { type CallAnswer, RateRule } from './rateRule';

export type { CallAnswer } from './rateRule';

/**
 * Starts go first, so a batch starts quickly. Then reads whose answer may let another job start
 * (a generation an export follows): the batch's end waits on that chain. Other reads go last, as
 * a job that only waits to be collected loses little by a later read.
 */
export type CallPriority = 'start' | 'readBeforeStart' | 'read';

const RANKS: Record<CallPriority, number> = { start: 0, readBeforeStart: 1, read: 2 };

/**
 * A call that may not go before a moment: a status read until its job is due, a call after a
 * refusal or an error until its retry. `at` is asked again whenever `reconsider` names one of
 * `keys`, so the moment can follow what other calls teach.
 */
export interface NotBefore {
	at(): number;
	keys?: object[];
}

export interface BudgetRequest {
	priority: CallPriority;
	/** Among calls of one execution and priority, lower goes first; unset, the moment it became due. */
	order?: number;
	/** The execution asking: executions take turns, so one's reads never wait behind another's starts. */
	lane?: string;
	signal?: AbortSignal;
	/** Local epoch ms after which waiting is pointless: acquire gives up and returns undefined. */
	deadline?: number;
	/** The requests per minute the caller's credential allows; the budget's own when not given. */
	limit?: number;
	notBefore?: NotBefore;
}

/** Leave to send one call: `finish` must be called with what came back. `order` is the one it went by. */
export type Permit = { order?: number; finish(answer: CallAnswer): void };

/** No room in the rate limit before the caller's deadline. */
export class BudgetDeadlineError extends Error {
	constructor() {
		super('The rate limit left no room for this request before its deadline');
		this.name = 'BudgetDeadlineError';
	}
}

type Entry = BudgetRequest & {
	seq: number;
	grant(permit: Permit | undefined): void;
	done: boolean;
	/** While it rests: when it may go (or its deadline, if sooner). Unset once it waits for room. */
	restUntil?: number;
};

/** An entry's place among the resting, stale once the entry moved or left. */
type RestMark = { entry: Entry; at: number };

/** One execution's entries that may go, best first, and when it was last served (-1: never). */
type Lane = { ready: MinHeap<Entry>; servedSeq: number; servedAt: number };

/** Within an execution: by priority, then order, then asking order. */
function before(a: Entry, b: Entry): boolean {
	const rank = RANKS[a.priority] - RANKS[b.priority];
	if (rank !== 0) return rank < 0;
	const order = (a.order ?? 0) - (b.order ?? 0);
	return order !== 0 ? order < 0 : a.seq < b.seq;
}

/**
 * One workspace's request budget in this process, shared by every execution using it: the one
 * queue every wait for the service goes through. An entry rests until its moment (`notBefore`),
 * then waits for room in the rate limit (`RateRule`), and goes: executions take turns, each call
 * to the execution served longest ago, then by priority and order; a call about to reach its
 * deadline goes first. One timer, set for the earliest moment anything can change (room in the
 * window, an entry's moment, a deadline) and cleared when nothing waits; answers, cancels and
 * `reconsider` serve the queue at once.
 */
export class RequestBudget {
	private readonly rule: RateRule;
	private readonly living = new Set<Entry>();
	private readonly resting = new MinHeap<RestMark>((a, b) => a.at < b.at);
	private readonly restingUnder = new WeakMap<object, Set<Entry>>();
	/** Executions with calls waiting or served within a window: others count as never served. */
	private readonly lanes = new Map<string, Lane>();
	private readonly deadlines = new MinHeap<Entry>((a, b) => (a.deadline ?? Infinity) < (b.deadline ?? Infinity));
	private lanesPrunedAt = 0;
	/** Cancel signals listened to, one listener each, and whether one has fired. */
	private readonly signals = new WeakSet<AbortSignal>();
	private aborted = false;
	private seq = 0;
	private serving = false;
	private timer?: { at: number; stop: AbortController };

	constructor(
		/** The limit of a request that names none: the credential's that made the budget. */
		defaultLimit: number,
		private readonly now: () => number = Date.now,
	) {
		this.rule = new RateRule(defaultLimit);
	}

	/** The limit and the window as the service shows them, for the read scheduler's pace. */
	get window(): { limit: number; windowMs: number } {
		return { limit: this.rule.limitOf(), windowMs: this.rule.windowMs };
	}

	/** How many executions the budget keeps turns for: those waiting or served within a window. */
	get executionsRemembered(): number {
		return this.lanes.size;
	}

	/** Nothing waits, flies, holds or counts in the window: a budget made afresh would do the same. */
	get idle(): boolean {
		return this.living.size === 0 && this.rule.quietAt(this.now());
	}

	/** When the rate limit lets the next call go (see `RateRule.nextCallAt`). */
	nextCallAt(now: number, configuredLimit?: number): number | undefined {
		return this.rule.nextCallAt(now, configuredLimit);
	}

	/** Waits for leave to send a call; undefined when the deadline came first or the signal aborted. */
	async acquire(request: BudgetRequest): Promise<Permit | undefined> {
		const { signal } = request;
		if (signal?.aborted) return undefined;
		if (signal && !this.signals.has(signal)) {
			this.signals.add(signal);
			signal.addEventListener('abort', () => ((this.aborted = true), this.serveSoon()), { once: true });
		}
		const permit = new Promise<Permit | undefined>((grant) => {
			const entry: Entry = { ...request, seq: this.seq++, grant, done: false };
			this.living.add(entry);
			if (request.notBefore) {
				for (const key of request.notBefore.keys ?? []) this.keyed(key).add(entry);
				this.rest(entry, request.notBefore.at());
			} else this.ready(entry);
			// An entry resting past the timer changes nothing before it fires: a batch's thousands
			// of reads that rest for minutes cost no turn each.
			if (!this.timer || entry.restUntil === undefined || entry.restUntil < this.timer.at) this.serveSoon();
		});
		return await permit;
	}

	/** The moments of the resting entries under `key` may have moved: they are asked again. */
	reconsider(key: object): void {
		const entries = this.restingUnder.get(key);
		if (!entries || entries.size === 0) return;
		for (const entry of entries) {
			if (entry.restUntil !== undefined) this.rest(entry, entry.notBefore?.at() ?? 0);
		}
		this.serveSoon();
	}

	private keyed(key: object): Set<Entry> {
		let entries = this.restingUnder.get(key);
		if (!entries) this.restingUnder.set(key, (entries = new Set()));
		return entries;
	}

	private rest(entry: Entry, at: number): void {
		const until = Math.min(at, entry.deadline ?? Infinity);
		if (entry.restUntil === until) return;
		entry.restUntil = until;
		this.resting.push({ entry, at: until });
		// Marks left behind by moved entries are dropped once they outnumber the living.
		if (this.resting.size > 2 * this.living.size + 64) this.compactResting();
	}

	private compactResting(): void {
		for (const mark of this.resting.drain()) if (RequestBudget.current(mark)) this.resting.push(mark);
	}

	private static current(mark: RestMark): boolean {
		return !mark.entry.done && mark.entry.restUntil === mark.at;
	}

	/** An entry whose moment came: it waits for room, its order the moment unless it named one. */
	private ready(entry: Entry): void {
		if (entry.restUntil !== undefined) {
			entry.order ??= entry.restUntil;
			entry.restUntil = undefined;
			this.unkey(entry);
		}
		this.laneOf(entry.lane).ready.push(entry);
		if (entry.deadline !== undefined) this.deadlines.push(entry);
	}

	private laneOf(name = ''): Lane {
		let lane = this.lanes.get(name);
		if (!lane) {
			lane = { ready: new MinHeap(before), servedSeq: -1, servedAt: -Infinity };
			this.lanes.set(name, lane);
		}
		return lane;
	}

	/** The best entry of a heap still waiting: those granted or dropped meanwhile are let go. */
	private static first(heap: MinHeap<Entry>): Entry | undefined {
		while (heap.peek()?.done) heap.pop();
		return heap.peek();
	}

	/**
	 * The next entry: a call about to miss its deadline; else, from the execution served longest
	 * ago, its best by priority, then order.
	 */
	private next(now: number): Entry | undefined {
		const soonest = RequestBudget.first(this.deadlines);
		if (soonest?.deadline !== undefined && soonest.deadline - now <= TIMING.urgentBeforeDeadlineMs) return soonest;
		let best: { lane: Lane; entry: Entry } | undefined;
		for (const lane of this.lanes.values()) {
			const entry = RequestBudget.first(lane.ready);
			if (!entry) continue;
			if (
				!best ||
				lane.servedSeq < best.lane.servedSeq ||
				(lane.servedSeq === best.lane.servedSeq && before(entry, best.entry))
			)
				best = { lane, entry };
		}
		return best?.entry;
	}

	private permit(entry: Entry, now: number): Permit {
		const call = this.rule.send(now, entry.limit);
		const lane = this.laneOf(entry.lane);
		lane.servedSeq = this.seq++;
		lane.servedAt = now;
		return {
			order: entry.order,
			finish: (answer) => {
				this.rule.answered(call, this.now(), answer);
				this.serveSoon();
			},
		};
	}

	/** Hands an entry its permit, or nothing, once. */
	private settle(entry: Entry, permit: Permit | undefined): void {
		entry.done = true;
		this.living.delete(entry);
		this.unkey(entry);
		entry.grant(permit);
	}

	/** No `reconsider` asks the entry again: it waits for room, or has left. */
	private unkey(entry: Entry): void {
		for (const key of entry.notBefore?.keys ?? []) this.restingUnder.get(key)?.delete(entry);
	}

	/**
	 * Entries whose moment came wait for room; those whose deadline passed, or whose execution was
	 * cancelled (looked for only after a cancel signal fired), are let go.
	 */
	private sort(now: number): void {
		for (let mark = this.resting.peek(); mark && mark.at <= now; mark = this.resting.peek()) {
			this.resting.pop();
			if (!RequestBudget.current(mark)) continue;
			if (mark.entry.deadline !== undefined && now >= mark.entry.deadline) this.settle(mark.entry, undefined);
			else this.ready(mark.entry);
		}
		let soonest = RequestBudget.first(this.deadlines);
		while (soonest?.deadline !== undefined && now >= soonest.deadline) {
			this.deadlines.pop();
			this.settle(soonest, undefined);
			soonest = RequestBudget.first(this.deadlines);
		}
		if (this.aborted) {
			this.aborted = false;
			for (const entry of this.living) if (entry.signal?.aborted) this.settle(entry, undefined);
		}
		if (now - this.lanesPrunedAt >= this.rule.windowMs) {
			this.lanesPrunedAt = now;
			for (const [name, lane] of this.lanes) {
				if (!RequestBudget.first(lane.ready) && now - lane.servedAt >= this.rule.windowMs) this.lanes.delete(name);
			}
		}
	}

	/**
	 * Serves the queue after the current turn: calls asked for in one moment (a batch's starts) are
	 * all queued before the first goes, so the order decides.
	 */
	private serveSoon(): void {
		if (this.serving) return;
		this.serving = true;
		void restFor(0).then(() => {
			this.serving = false;
			this.serve();
		});
	}

	/** Lets every call go that may, then sets the timer for the next moment anything can change. */
	private serve(): void {
		let now = this.now();
		this.sort(now);
		let entry = this.next(now);
		let at = entry && this.rule.nextCallAt(now, entry.limit);
		while (entry && at !== undefined && at <= now) {
			this.settle(entry, this.permit(entry, now));
			now = this.now();
			entry = this.next(now);
			at = entry && this.rule.nextCallAt(now, entry.limit);
		}
		let wakeAt = Math.min(at ?? Infinity, this.resting.peek()?.at ?? Infinity);
		const soonest = RequestBudget.first(this.deadlines)?.deadline;
		if (soonest !== undefined) wakeAt = Math.min(wakeAt, soonest);
		this.setTimer(this.living.size > 0 ? wakeAt : Infinity, now);
	}

	/** Keeps a timer set for `at` or sooner; none when nothing waits for a moment. */
	private setTimer(at: number, now: number): void {
		if (this.timer && this.timer.at <= at && at !== Infinity) return;
		this.timer?.stop.abort();
		this.timer = undefined;
		if (at === Infinity) return;
		const timer = { at, stop: new AbortController() };
		this.timer = timer;
		void restFor(Math.max(at - now, 1), timer.stop.signal).then(() => {
			if (this.timer !== timer) return;
			this.timer = undefined;
			this.serve();
		});
	}
}
