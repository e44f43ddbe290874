import { TIMING } from '../timing';
import { restFor } from './time';
import { MinHeap } from './minHeap';
import { type CallAnswer, RateRule } from './rateRule';

export type { CallAnswer } from './rateRule';

/** Starts first, so a batch starts quickly; then reads that may let a job start, which the batch's end waits on. */
export type CallPriority = 'start' | 'readBeforeStart' | 'read';

const RANKS: Record<CallPriority, number> = { start: 0, readBeforeStart: 1, read: 2 };

/** A call that waits until `at()`: a job not yet due, a retry. `reconsider` of one of `keys` asks `at` again. */
export type NotBefore = { at(): number; keys?: object[] };

export interface BudgetRequest {
	priority: CallPriority;
	/** Among calls of one execution and priority, lower goes first; unset, the moment it became due. */
	order?: number;
	/** The execution asking: executions take turns. */
	lane?: string;
	signal?: AbortSignal;
	/** Local epoch ms: past it, acquire gives up and returns undefined. */
	deadline?: number;
	/** The caller's credential's requests per minute; the budget's own when not given. */
	limit?: number;
	notBefore?: NotBefore;
}

/** `finish` must be called with what came back; `order` is the one the call went by. */
export type Permit = { order?: number; finish(answer: CallAnswer): void };

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

/** Stale once the entry moved or left. */
type RestMark = { entry: Entry; at: number };

/** One execution's entries that may go, best first, and when it was last served (-1: never). */
type Lane = { ready: MinHeap<Entry>; servedSeq: number; servedAt: number };

const isDone = (entry: Entry): boolean => entry.done;

/** Within an execution: by priority, then order, then asking order. */
function before(a: Entry, b: Entry): boolean {
	const rank = RANKS[a.priority] - RANKS[b.priority];
	if (rank !== 0) return rank < 0;
	const order = (a.order ?? 0) - (b.order ?? 0);
	return order !== 0 ? order < 0 : a.seq < b.seq;
}

/**
 * One workspace's queue in this process: an entry rests until `notBefore`, waits for room (`RateRule`),
 * then goes to the execution served longest ago, or first if its deadline is near. One timer at most.
 */
export class RequestBudget {
	private readonly rule: RateRule;
	private readonly living = new Set<Entry>();
	private readonly resting = new MinHeap<RestMark>((a, b) => a.at < b.at);
	private readonly restingUnder = new WeakMap<object, Set<Entry>>();
	/** Executions waiting or served within a window: others count as never served. */
	private readonly lanes = new Map<string, Lane>();
	private readonly deadlines = new MinHeap<Entry>((a, b) => (a.deadline ?? Infinity) < (b.deadline ?? Infinity));
	private lanesPrunedAt = 0;
	/** One listener per cancel signal; `aborted` once one fired. */
	private readonly signals = new WeakSet<AbortSignal>();
	private aborted = false;
	private seq = 0;
	private serving = false;
	private timer?: { at: number; stop: AbortController };

	constructor(
		/** For a request that names none: the limit of the credential that made the budget. */
		defaultLimit: number,
		private readonly now: () => number = Date.now,
	) {
		this.rule = new RateRule(defaultLimit);
	}

	/** As the service shows them, for the read scheduler's pace. */
	get window(): { limit: number; windowMs: number } {
		return { limit: this.rule.limitOf(), windowMs: this.rule.windowMs };
	}

	get executionsRemembered(): number {
		return this.lanes.size;
	}

	/** A budget made afresh would do the same. */
	get idle(): boolean {
		return this.living.size === 0 && this.rule.quietAt(this.now());
	}

	nextCallAt(now: number, configuredLimit?: number): number | undefined {
		return this.rule.nextCallAt(now, configuredLimit);
	}

	/** Undefined when the deadline came first or the signal aborted. */
	async acquire(request: BudgetRequest): Promise<Permit | undefined> {
		const { signal } = request;
		if (signal?.aborted) return undefined;
		if (signal && !this.signals.has(signal)) {
			this.signals.add(signal);
			signal.addEventListener('abort', () => ((this.aborted = true), this.serveSoon()), { once: true });
		}
		return await new Promise<Permit | undefined>((grant) => {
			const entry: Entry = { ...request, seq: this.seq++, grant, done: false };
			this.living.add(entry);
			if (request.notBefore) {
				for (const key of request.notBefore.keys ?? []) this.keyed(key).add(entry);
				this.rest(entry, request.notBefore.at());
			} else this.ready(entry);
			// An entry resting past the timer changes nothing before it fires, so it costs no turn.
			if (!this.timer || entry.restUntil === undefined || entry.restUntil < this.timer.at) this.serveSoon();
		});
	}

	/** The moments of the resting entries under `key` may have moved. */
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

	/** Its order is the moment it became due, unless it named one. */
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
		if (!lane) this.lanes.set(name, (lane = { ready: new MinHeap(before), servedSeq: -1, servedAt: -Infinity }));
		return lane;
	}

	/** A call about to miss its deadline; else the best of the execution served longest ago. */
	private next(now: number): Entry | undefined {
		const soonest = this.deadlines.peekPast(isDone);
		if (soonest?.deadline !== undefined && soonest.deadline - now <= TIMING.urgentBeforeDeadlineMs) return soonest;
		let best: { lane: Lane; entry: Entry } | undefined;
		for (const lane of this.lanes.values()) {
			const entry = lane.ready.peekPast(isDone);
			if (!entry) continue;
			const served = best?.lane.servedSeq ?? Infinity;
			if (lane.servedSeq < served || (best && lane.servedSeq === served && before(entry, best.entry))) {
				best = { lane, entry };
			}
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

	private settle(entry: Entry, permit: Permit | undefined): void {
		entry.done = true;
		this.living.delete(entry);
		this.unkey(entry);
		entry.grant(permit);
	}

	/** `reconsider` no longer asks the entry: it waits for room, or has left. */
	private unkey(entry: Entry): void {
		for (const key of entry.notBefore?.keys ?? []) this.restingUnder.get(key)?.delete(entry);
	}

	/** Entries whose moment came wait for room; those past their deadline or cancelled are let go. */
	private sort(now: number): void {
		for (let mark = this.resting.peek(); mark && mark.at <= now; mark = this.resting.peek()) {
			this.resting.pop();
			if (!RequestBudget.current(mark)) continue;
			if (mark.entry.deadline !== undefined && now >= mark.entry.deadline) this.settle(mark.entry, undefined);
			else this.ready(mark.entry);
		}
		let soonest = this.deadlines.peekPast(isDone);
		while (soonest?.deadline !== undefined && now >= soonest.deadline) {
			this.settle(soonest, undefined);
			soonest = this.deadlines.peekPast(isDone);
		}
		if (this.aborted) {
			this.aborted = false;
			for (const entry of this.living) if (entry.signal?.aborted) this.settle(entry, undefined);
		}
		if (now - this.lanesPrunedAt >= this.rule.windowMs) {
			this.lanesPrunedAt = now;
			for (const [name, lane] of this.lanes) {
				if (!lane.ready.peekPast(isDone) && now - lane.servedAt >= this.rule.windowMs) this.lanes.delete(name);
			}
		}
	}

	/** After the current turn: a batch's starts are all queued before the first goes, so the order decides. */
	private serveSoon(): void {
		if (this.serving) return;
		this.serving = true;
		void restFor(0).then(() => {
			this.serving = false;
			this.serve();
		});
	}

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
		const soonest = this.deadlines.peekPast(isDone)?.deadline ?? Infinity;
		const wakeAt = Math.min(at ?? Infinity, this.resting.peek()?.at ?? Infinity, soonest);
		this.setTimer(this.living.size > 0 ? wakeAt : Infinity, now);
	}

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
