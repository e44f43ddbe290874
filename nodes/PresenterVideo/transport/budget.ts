import { sleep } from 'n8n-workflow';

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

type Waiter = BudgetRequest & { seq: number; grant(permit: Permit | undefined): void };

/** One of our calls: `answeredAt`, when the service had counted it at the latest, unset while in flight. */
type OurCall = { sentAt: number; answeredAt?: number };

/** How often waiting calls are checked for a cancelled execution or a passed deadline. */
const CHECK_MS = 200;
/** The longest a refusal's named time is believed: a wrong header must not stall a workflow for hours. */
const MAX_HOLD_MS = 15 * 60_000;

/**
 * Other clients' calls an answer must show, in a window holding a quarter of the limit or more,
 * before this process keeps to a share of it: a window mostly free needs no sharing.
 */
const SHARING_SEEN = 2;
const BUSY = 1 / 4;
/** The least share a sharing process keeps, and how much it may grow a window while answers show room. */
const LEAST_SHARE = 1 / 10;
const GROWTH_PER_WINDOW = 1 / 4;

/**
 * One workspace's request budget in this process, shared by every execution using it. The rule:
 * a call goes when no refusal holds the window, our calls in it plus other clients' (as the
 * service's answers show them) stay under the limit, and, while other processes use the window
 * too, ours stay within our share of it, sent at its pace. Times the service names are read on
 * its own clock (`ServiceClock`), the window's length from its `X-RateLimit-Reset`.
 */
export class RequestBudget {
	private log: OurCall[] = [];
	private readonly queue: Waiter[] = [];
	private readonly served = new Map<string, number>();
	private readonly clock = new ServiceClock();
	private readonly resetSpans: number[] = [];
	private serviceLimit?: number;
	/** The service's minute, until its Reset headers tell otherwise. */
	private windowMs = 60_000;
	/** Other clients' calls in the window and until when they may stay there (local ms). */
	private others = { count: 0, until: 0 };
	/** Until when a refusal that named a time holds every call. */
	private heldUntil = 0;
	/** When the service last answered, and the calls that may fly at once: grown by one an answer, halved by a 429. */
	private heardAt?: number;
	private flightCap = 1;
	/** Our part of the window while others use it; until when it applies; since when answers show room. */
	private share = 1;
	private sharedUntil = 0;
	private roomySince?: number;
	/** The pace of a sharing process: when its next call may go. */
	private pacedFrom = 0;
	private seq = 0;
	private pumping = false;
	private wake?: () => void;

	constructor(
		public configuredLimit: number,
		private readonly now: () => number = Date.now,
	) {}

	/** The limit and the window as the service shows them, for the read scheduler's pace. */
	get window(): { limit: number; windowMs: number } {
		return { limit: this.limit, windowMs: this.windowMs };
	}

	private get limit(): number {
		return Math.min(this.configuredLimit, this.serviceLimit ?? Infinity);
	}

	/** Our calls the service may count at `now`: those in flight, and those answered within a window. */
	private ours(now: number): OurCall[] {
		this.log = this.log.filter((call) => call.answeredAt === undefined || now - call.answeredAt < this.windowMs);
		return this.log;
	}

	private readonly sharing = (now: number) => now < this.sharedUntil;

	/** The calls this process may have in the window: the limit alone, its share (growing while roomy) when not. */
	private quota(now: number): number {
		if (!this.sharing(now)) return this.limit;
		const roomy = this.roomySince === undefined ? 0 : Math.min(1, (now - this.roomySince) / this.windowMs);
		return Math.min(1, Math.max(this.share, LEAST_SHARE) + roomy * GROWTH_PER_WINDOW) * this.limit;
	}

	/**
	 * When the next call may go (local ms; `now` or earlier: at once), or undefined while only an
	 * answer to a call in flight can make room.
	 */
	nextCallAt(now: number): number | undefined {
		const ours = this.ours(now);
		const flying = ours.filter((call) => call.answeredAt === undefined).length;
		if (flying >= this.callsInFlight(now)) return undefined;
		const others = this.others.until > now ? this.others.count : 0;
		const room = Math.min(this.limit - others, this.quota(now));
		let at = Math.max(now, this.heldUntil, this.sharing(now) ? this.pacedFrom : now);
		if (ours.length >= room) {
			// Our calls leave in the order they were answered; others' all at once.
			const leaving = ours
				.map((call) => (call.answeredAt ?? Infinity) + this.windowMs)
				.sort((a, b) => a - b)[Math.floor(ours.length - Math.max(room, 0))] ?? Infinity;
			const othersLeft = others > 0 && ours.length < this.quota(now) ? this.others.until : Infinity;
			const free = Math.min(leaving, othersLeft);
			if (free === Infinity) return undefined;
			at = Math.max(at, free);
		}
		return at;
	}

	/** Unheard for a window, other processes may have started meanwhile: a few calls feel the way. */
	private callsInFlight(now: number): number {
		const silent = this.heardAt === undefined || now - this.heardAt > this.windowMs;
		return silent ? Math.max(1, Math.floor(this.limit * LEAST_SHARE)) : this.flightCap;
	}

	/** Waits for leave to send a call; undefined when the deadline came first or the signal aborted. */
	async acquire(request: BudgetRequest): Promise<Permit | undefined> {
		if (request.signal?.aborted) return undefined;
		const permit = new Promise<Permit | undefined>((grant) => {
			this.queue.push({ ...request, seq: this.seq++, grant });
		});
		this.pump();
		return await permit;
	}

	/** The next waiter: from the execution served longest ago, its best by priority, then order. */
	private next(): Waiter {
		const lastServed = (waiter: Waiter) => this.served.get(waiter.lane ?? '') ?? -1;
		return this.queue.reduce((best, waiter) => {
			const turn = lastServed(waiter) - lastServed(best);
			if (turn !== 0) return turn < 0 ? waiter : best;
			const rank = RANKS[waiter.priority] - RANKS[best.priority];
			const order = (waiter.order ?? 0) - (best.order ?? 0);
			return rank < 0 || (rank === 0 && (order < 0 || (order === 0 && waiter.seq < best.seq))) ? waiter : best;
		});
	}

	private permit(waiter: Waiter, now: number): Permit {
		const call: OurCall = { sentAt: now };
		this.log.push(call);
		this.served.set(waiter.lane ?? '', this.seq++);
		if (this.sharing(now)) this.pacedFrom = Math.max(this.pacedFrom, now) + this.windowMs / this.quota(now);
		return {
			finish: (answer) => {
				if (call.answeredAt !== undefined) return;
				call.answeredAt = this.now();
				if (answer) this.learn(call, answer);
				this.pump();
			},
		};
	}

	/** What an answer says of the window: the service's clock, limit, window length, others' calls, a refusal. */
	private learn(call: OurCall, { status, headers }: NonNullable<CallAnswer>): void {
		const now = call.answeredAt ?? this.now();
		const cap = this.callsInFlight(now);
		this.flightCap = status === 429 ? Math.max(1, Math.floor(cap / 2)) : cap + 1;
		this.heardAt = now;
		this.clock.observe(header(headers, 'date'), call.sentAt, now);
		const number = (name: string) => headerNumber(headers, name);
		if (status === 429) return this.refused(now, headers, number('x-ratelimit-reset'));
		const limit = number('x-ratelimit-limit');
		if (limit !== undefined && limit > 0) this.serviceLimit = limit;
		const reset = number('x-ratelimit-reset');
		if (reset !== undefined) this.learnWindow(reset * 1000 - this.clock.serviceTime((call.sentAt + now) / 2));
		const remaining = number('x-ratelimit-remaining');
		if (remaining === undefined) return;
		const counted = (limit ?? this.limit) - remaining;
		// The service had counted this call and ours sent before it; of those sent in the same moment,
		// the ones answered already (answers come in the order calls arrived), the rest maybe not.
		const oursCounted = this.ours(now).filter(
			(ours) => ours.sentAt < call.sentAt || (ours.sentAt === call.sentAt && ours.answeredAt !== undefined),
		).length;
		const others = Math.max(0, counted - oursCounted);
		this.others = { count: others, until: now + this.windowMs };
		const onTheirWay = this.ours(now).length - oursCounted;
		if (others >= SHARING_SEEN && counted + onTheirWay >= this.limit * BUSY) this.shareWith(now, oursCounted / counted);
		if (remaining < this.limit * LEAST_SHARE) this.roomySince = undefined;
		else this.roomySince ??= now;
	}

	/** A 429: held until the time it names (on the service's clock), or the window taken as full. */
	private refused(now: number, headers: Record<string, unknown>, reset?: number): void {
		this.roomySince = undefined;
		const named = this.clock.comeBackAt(header(headers, 'retry-after'), reset, now);
		if (named !== undefined) {
			this.heldUntil = Math.min(Math.max(named, now), now + MAX_HOLD_MS);
			return;
		}
		// Headerless, as on the service: the window is full, the rest of it other clients' calls.
		const ours = this.ours(now).length;
		this.others = { count: Math.max(0, this.limit + 1 - ours), until: now + this.windowMs };
		if (ours < this.limit) this.shareWith(now, ours / (this.limit + 1));
	}

	/** From now on and for a window this process keeps to its share, averaged over the last few answers. */
	private shareWith(now: number, seen: number): void {
		this.share = this.sharing(now) ? this.share + (Math.min(seen, 1) - this.share) / 4 : Math.min(seen, 1);
		if (!this.sharing(now)) this.pacedFrom = now;
		this.sharedUntil = now + this.windowMs;
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

	/** Drops waiters whose execution was cancelled or whose deadline passed. */
	private dropGone(now: number): void {
		for (let index = this.queue.length - 1; index >= 0; index -= 1) {
			const waiter = this.queue[index];
			if (waiter.signal?.aborted || (waiter.deadline !== undefined && now >= waiter.deadline)) {
				this.queue.splice(index, 1);
				waiter.grant(undefined);
			}
		}
	}

	private pump(): void {
		if (this.pumping) return this.wake?.();
		this.pumping = true;
		void this.run();
	}

	private async run(): Promise<void> {
		for (;;) {
			let now = this.now();
			this.dropGone(now);
			let at = this.nextCallAt(now);
			while (this.queue.length > 0 && at !== undefined && at <= now) {
				const waiter = this.next();
				this.queue.splice(this.queue.indexOf(waiter), 1);
				waiter.grant(this.permit(waiter, now));
				now = this.now();
				at = this.nextCallAt(now);
			}
			if (this.queue.length === 0) {
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
