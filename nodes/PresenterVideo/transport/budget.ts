import { sleep } from 'n8n-workflow';

import { MinHeap } from './minHeap';
import { header, headerNumber } from './retryPolicy';
import { ServiceClock } from './serviceClock';

/**
 * Starts go first, so a batch starts quickly. Then reads whose answer may let another job start
 * (a generation an export follows): the batch's end waits on that chain. Other reads go last, as
 * a job that only waits to be collected loses little by a later read.
 */
export type CallPriority = 'start' | 'readBeforeStart' | 'read';

const RANKS: Record<CallPriority, number> = { start: 0, readBeforeStart: 1, read: 2 };

export interface BudgetRequest {
	priority: CallPriority;
	/** Among calls of one execution and priority, lower goes first. */
	order?: number;
	/** The execution asking: executions take turns, so one's reads never wait behind another's starts. */
	lane?: string;
	signal?: AbortSignal;
	/** Local epoch ms after which waiting is pointless: acquire gives up and returns undefined. */
	deadline?: number;
	/** The requests per minute the caller's credential allows; the budget's own when not given. */
	limit?: number;
}

/** What came back: an HTTP status with its headers, or nothing (the call may still have counted). */
export type CallAnswer = { status: number; headers: Record<string, unknown> } | undefined;

/** Leave to send one call: `finish` must be called with what came back. */
export type Permit = { finish(answer: CallAnswer): void };

/** No room in the rate limit before the caller's deadline. */
export class BudgetDeadlineError extends Error {
	constructor() {
		super('The rate limit left no room for this request before its deadline');
		this.name = 'BudgetDeadlineError';
	}
}

type Waiter = BudgetRequest & { seq: number; grant(permit: Permit | undefined): void; done: boolean };

/** One execution's waiting calls, best first, and when it was last served (-1: never). */
type Lane = { waiting: MinHeap<Waiter>; servedSeq: number; servedAt: number };

/** One of our calls, numbered in sending order; `answeredAt` unset while in flight. */
type OurCall = { seq: number; sentAt: number; answeredAt?: number; limit: number };

/** Within an execution: by priority, then order, then asking order. */
function before(a: Waiter, b: Waiter): boolean {
	const rank = RANKS[a.priority] - RANKS[b.priority];
	if (rank !== 0) return rank < 0;
	const order = (a.order ?? 0) - (b.order ?? 0);
	return order !== 0 ? order < 0 : a.seq < b.seq;
}

/**
 * The window as the answer to one of our calls showed it when that call arrived: the room left,
 * our calls it had certainly counted (sent up to it and answered by then), and our part of all
 * the calls it counted.
 */
type WindowView = { seq: number; at: number; free: number; counted: Set<OurCall>; share: number };

/** How often the budget looks again while calls wait: a cancel or a deadline also wakes it. */
const CHECK_MS = 200;
/**
 * A call this close to its deadline goes before every other, starts included: the read at Max Wait,
 * and a read whose Max Wait is about to pass, must not wait behind a batch's starts.
 */
const URGENT_MS = 5_000;
/** The longest a refusal's named time is believed: a wrong header must not stall a workflow for hours. */
const MAX_HOLD_MS = 15 * 60_000;

/**
 * One workspace's request budget in this process, shared by every execution using it.
 *
 * The rule: a call goes when no refusal holds the window, our calls in it stay under the limit,
 * and, since the last answer showed the window, our new calls stay within our share of the room
 * it had left (our part of the calls it counted). With none sent since, one call goes once a call
 * of ours it counted has left the window: its answer shows the room anew. While other processes
 * use the window, our calls go spaced at a pace that shrinks by an eighth a window while answers
 * show the window full and grows by a call a window while they show room, so theirs fall between and the processes' paces drift equal.
 * Calls in flight start at one after a silence, grow by one an answer and halve
 * after a refusal, so processes starting together see each other before they fill the window.
 *
 * Times the service names are read on its own clock (`ServiceClock`), the window's length from
 * its `X-RateLimit-Reset`. Executions take turns: each call goes to the execution served longest
 * ago, then by priority and order.
 */
export class RequestBudget {
	private log: OurCall[] = [];
	/** Executions with calls waiting or served within a window: others count as never served. */
	private readonly lanes = new Map<string, Lane>();
	private readonly deadlines = new MinHeap<Waiter>((a, b) => (a.deadline ?? Infinity) < (b.deadline ?? Infinity));
	private waiting = 0;
	private inFlight = 0;
	private lanesPrunedAt = 0;
	/** Cancel signals the budget listens to, one listener each, and whether one has fired. */
	private readonly signals = new WeakSet<AbortSignal>();
	private aborted = false;
	private readonly clock = new ServiceClock();
	private readonly resetSpans: number[] = [];
	private serviceLimit?: number;
	/** The service's minute, until its Reset headers tell otherwise. */
	private windowMs = 60_000;
	private view?: WindowView;
	/** Until when a refusal that named a time holds every call. */
	private heldUntil = 0;
	/** When the service last answered, and the calls that may fly at once. */
	private heardAt = -Infinity;
	private flightCap = 1;
	/** The part of the limit our calls are spaced at while others use the window. */
	private pace = 1;
	private sent = 0;
	private seq = 0;
	private pumping = false;
	private wake?: () => void;

	constructor(
		/** The limit of a request that names none: the credential's that made the budget. */
		private readonly defaultLimit: number,
		private readonly now: () => number = Date.now,
	) {}

	/** The limit and the window as the service shows them, for the read scheduler's pace. */
	get window(): { limit: number; windowMs: number } {
		return { limit: this.limitOf(this.defaultLimit), windowMs: this.windowMs };
	}

	/** How many executions the budget keeps turns for: those waiting or served within a window. */
	get executionsRemembered(): number {
		return this.lanes.size;
	}

	/** Nothing waits, flies, holds or counts in the window: a budget made afresh would do the same. */
	get idle(): boolean {
		const now = this.now();
		return this.waiting === 0 && this.inFlight === 0 && now >= this.heldUntil && this.ours(now).length === 0;
	}

	/** A credential's limit, never above the one the service names. */
	private limitOf(configured: number): number {
		return Math.min(configured, this.serviceLimit ?? Infinity);
	}

	/** Our calls the service may count at `now`: those in flight, and those answered within a window. */
	private ours(now: number): OurCall[] {
		this.log = this.log.filter((call) => call.answeredAt === undefined || now - call.answeredAt < this.windowMs);
		return this.log;
	}

	/** When the first of these calls leaves the window (Infinity while all are in flight). */
	private firstLeaving(calls: Iterable<OurCall>): number {
		let first = Infinity;
		for (const call of calls) first = Math.min(first, (call.answeredAt ?? Infinity) + this.windowMs);
		return first;
	}

	/** After a silence of a window, other processes may have started meanwhile: one call feels the way. */
	private callsInFlight(now: number, limit: number): number {
		return now - this.heardAt < this.windowMs ? Math.min(this.flightCap, limit) : 1;
	}

	/**
	 * When the next call may go (local ms; `now` or earlier: at once), or undefined while only an
	 * answer to a call in flight can make room. `configuredLimit` is the limit of the credential
	 * whose call is next: each credential's limit holds for its own calls.
	 */
	nextCallAt(now: number, configuredLimit = this.defaultLimit): number | undefined {
		const limit = this.limitOf(configuredLimit);
		if (this.inFlight >= this.callsInFlight(now, limit)) return undefined;
		const ours = this.ours(now);
		const at = Math.max(now, this.heldUntil);
		if (ours.length >= limit) {
			const leaving = this.firstLeaving(ours);
			return leaving === Infinity ? undefined : Math.max(at, leaving);
		}
		// A view a window old says nothing: every call it counted has left.
		const view = this.view && now - this.view.at < this.windowMs ? this.view : undefined;
		if (!view) return at;
		const lastSent = ours.length > 0 ? ours[ours.length - 1].sentAt : -Infinity;
		const paced = view.share < 1 ? lastSent + this.windowMs / Math.max(this.pace * limit, 1) : at;
		const sentSince = ours.filter((call) => !view.counted.has(call)).length;
		if (sentSince + 1 <= Math.floor(view.share * view.free)) return Math.max(at, paced);
		if (sentSince > 0) return undefined;
		return Math.max(at, paced, Math.min(this.firstLeaving(view.counted), view.at + this.windowMs));
	}

	/** Waits for leave to send a call; undefined when the deadline came first or the signal aborted. */
	async acquire(request: BudgetRequest): Promise<Permit | undefined> {
		const { signal } = request;
		if (signal?.aborted) return undefined;
		if (signal && !this.signals.has(signal)) {
			this.signals.add(signal);
			signal.addEventListener('abort', () => ((this.aborted = true), this.pump()), { once: true });
		}
		const permit = new Promise<Permit | undefined>((grant) => {
			const waiter: Waiter = { ...request, seq: this.seq++, grant, done: false };
			this.laneOf(waiter).waiting.push(waiter);
			if (waiter.deadline !== undefined) this.deadlines.push(waiter);
			this.waiting += 1;
		});
		this.pump();
		return await permit;
	}

	private laneOf(waiter: Waiter): Lane {
		const name = waiter.lane ?? '';
		let lane = this.lanes.get(name);
		if (!lane) {
			lane = { waiting: new MinHeap(before), servedSeq: -1, servedAt: -Infinity };
			this.lanes.set(name, lane);
		}
		return lane;
	}

	/** The best waiter of a heap still waiting: those granted or dropped meanwhile are let go. */
	private static first(heap: MinHeap<Waiter>): Waiter | undefined {
		while (heap.peek()?.done) heap.pop();
		return heap.peek();
	}

	/**
	 * The next waiter: a call about to miss its deadline; else, from the execution served longest
	 * ago, its best by priority, then order.
	 */
	private next(now: number): Waiter | undefined {
		const soonest = RequestBudget.first(this.deadlines);
		if (soonest?.deadline !== undefined && soonest.deadline - now <= URGENT_MS) return soonest;
		let best: { lane: Lane; waiter: Waiter } | undefined;
		for (const lane of this.lanes.values()) {
			const waiter = RequestBudget.first(lane.waiting);
			if (!waiter) continue;
			if (!best || lane.servedSeq < best.lane.servedSeq || (lane.servedSeq === best.lane.servedSeq && before(waiter, best.waiter)))
				best = { lane, waiter };
		}
		return best?.waiter;
	}

	private permit(waiter: Waiter, now: number): Permit {
		const call: OurCall = { seq: this.sent++, sentAt: now, limit: this.limitOf(waiter.limit ?? this.defaultLimit) };
		this.log.push(call);
		this.inFlight += 1;
		const lane = this.laneOf(waiter);
		lane.servedSeq = this.seq++;
		lane.servedAt = now;
		return {
			finish: (answer) => {
				if (call.answeredAt !== undefined) return;
				call.answeredAt = this.now();
				this.inFlight -= 1;
				if (answer) this.learn(call, answer);
				this.pump();
			},
		};
	}

	/** Hands a waiter its permit, or nothing, once. */
	private settle(waiter: Waiter, permit: Permit | undefined): void {
		waiter.done = true;
		this.waiting -= 1;
		waiter.grant(permit);
	}

	/** What an answer says: the service's clock, limit, window length and room, or a refusal. */
	private learn(call: OurCall, { status, headers }: NonNullable<CallAnswer>): void {
		const now = call.answeredAt ?? this.now();
		const limit = this.serviceLimit ?? call.limit;
		const cap = this.callsInFlight(now, limit);
		this.flightCap = status === 429 ? Math.max(1, Math.floor(cap / 2)) : Math.min(cap + 1, limit);
		this.heardAt = now;
		this.clock.observe(header(headers, 'date'), call.sentAt, now);
		const number = (name: string) => headerNumber(headers, name);
		const named = number('x-ratelimit-limit');
		if (named !== undefined && named > 0) this.serviceLimit = named;
		const reset = number('x-ratelimit-reset');
		if (status !== 429 && reset !== undefined) {
			this.learnWindow(reset * 1000 - this.clock.serviceTime((call.sentAt + now) / 2));
		}
		const comeBack = status === 429 ? this.clock.comeBackAt(header(headers, 'retry-after'), reset, now) : undefined;
		if (comeBack !== undefined) {
			// The service's word: the window has room again then.
			this.heldUntil = Math.min(Math.max(comeBack, now), now + MAX_HOLD_MS);
			this.view = undefined;
			return;
		}
		// A headerless refusal is a full window, the refused call counted in it.
		const remaining = status === 429 ? 0 : number('x-ratelimit-remaining');
		if (remaining === undefined || (this.view && this.view.seq > call.seq)) return;
		const counted = new Set(this.ours(now).filter((ours) => ours.seq <= call.seq && ours.answeredAt !== undefined));
		// Of those, the ones sent within a window are surely still in it: the service drops a call a
		// window after it arrived, sooner than our log does.
		let stillIn = 0;
		for (const ours of counted) if (now - ours.sentAt < this.windowMs) stillIn += 1;
		const share = status === 429 ? (this.view?.share ?? 1) : stillIn / Math.max((named ?? limit) - remaining, stillIn);
		// Sharing, the pace grows by a call a window while the window has room and shrinks by an
		// eighth a window while it is full (each answer a step of it): the faster process shrinks
		// more, so paces drift equal.
		const answersPerWindow = Math.max(this.pace * limit, 1);
		if (share >= 1) this.pace = 1;
		else if (remaining > 0) this.pace = Math.min(1, this.pace + 1 / (answersPerWindow * limit));
		else this.pace = Math.max(1 / limit, this.pace * (1 - 1 / (8 * answersPerWindow)));
		this.view = { seq: call.seq, at: now, free: remaining, counted, share };
	}

	/**
	 * The service sets Reset to the end of a window begun when our call arrived, cut to whole
	 * seconds: over the last answers, the longest span to it, rounded up to the second (short of a
	 * tenth of one, what the clock's estimate may be off by), is the window's length.
	 */
	private learnWindow(span: number): void {
		this.resetSpans.push(span);
		if (this.resetSpans.length > 16) this.resetSpans.shift();
		const longest = Math.ceil((Math.max(...this.resetSpans) - 100) / 1000) * 1000;
		this.windowMs = Math.min(Math.max(longest, 1000), MAX_HOLD_MS);
	}

	/**
	 * Drops waiters whose deadline passed (the soonest first, from their heap) or whose execution
	 * was cancelled (looked for only after a cancel signal fired).
	 */
	private dropGone(now: number): void {
		for (let soonest = RequestBudget.first(this.deadlines); soonest?.deadline !== undefined && now >= soonest.deadline; ) {
			this.deadlines.pop();
			this.settle(soonest, undefined);
			soonest = RequestBudget.first(this.deadlines);
		}
		if (this.aborted) {
			this.aborted = false;
			for (const lane of this.lanes.values()) {
				const living = lane.waiting.drain().filter((waiter) => !waiter.done);
				for (const waiter of living) {
					if (waiter.signal?.aborted) this.settle(waiter, undefined);
					else lane.waiting.push(waiter);
				}
			}
		}
		if (now - this.lanesPrunedAt >= this.windowMs) {
			this.lanesPrunedAt = now;
			for (const [name, lane] of this.lanes) {
				if (!RequestBudget.first(lane.waiting) && now - lane.servedAt >= this.windowMs) this.lanes.delete(name);
			}
		}
	}

	private pump(): void {
		if (this.pumping) return this.wake?.();
		this.pumping = true;
		void this.run();
	}

	private async run(): Promise<void> {
		// Calls asked for in one moment (a batch's starts) are all queued before the first goes: the order decides.
		await sleep(0);
		for (;;) {
			let now = this.now();
			this.dropGone(now);
			let waiter = this.next(now);
			let at = waiter && this.nextCallAt(now, waiter.limit);
			while (waiter && at !== undefined && at <= now) {
				this.settle(waiter, this.permit(waiter, now));
				now = this.now();
				waiter = this.next(now);
				at = waiter && this.nextCallAt(now, waiter.limit);
			}
			if (this.waiting === 0) {
				// Cleared in the same turn as the check, so no waiter can slip in unserved.
				this.pumping = false;
				return;
			}
			const until = Math.min(at ?? Infinity, now + CHECK_MS);
			await new Promise<void>((resolve) => {
				this.wake = resolve;
				void sleep(Math.max(until - now, 1)).then(resolve);
			});
			this.wake = undefined;
		}
	}
}
