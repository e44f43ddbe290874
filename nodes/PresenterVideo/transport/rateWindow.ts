import { SlowStart, WindowShare } from './windowShare';

/** What a rate-limited call's answer tells about the service's window. */
export type CallAnswer =
	/**
	 * The service refused the call (429); the refusal still counts in its window. `resetAt` (epoch
	 * ms) is when it said to come back (Retry-After or X-RateLimit-Reset), when it said so.
	 */
	| { type: 'refused'; resetAt?: number }
	/** The service answered; `limit`, `remaining` and `resetAt` (epoch ms) come from X-RateLimit-*. */
	| { type: 'answered'; limit?: number; remaining?: number; resetAt?: number }
	/** No answer: the call may have reached the service, so it is counted too. */
	| { type: 'unknown' };

const SECOND_MS = 1_000;

/** The longest a time the service names is believed: a wrong clock must not stall the workflow for hours. */
const MAX_REFUSAL_MS = 15 * 60_000;

/** A call that goes outside this process's share of the window (see RequestBudget) needs room only. */
export interface CallKind {
	outsideShare?: boolean;
}

interface OurCall {
	sentAt: number;
	/** When its answer came: the service counted it at this moment at the latest. */
	at: number;
}

/**
 * A sliding window of the service's limit as seen from this process: our calls (counted from the
 * moment their answer came, which is never earlier than the service counted them), calls in
 * flight (counted until they end), and calls by other clients of the workspace, learned from the
 * X-RateLimit-Remaining header (what the service had counted when our call arrived, less our calls
 * sent before it) or from a refusal. Other processes using the window hold this one to its share
 * of it (`WindowShare`), and after a silence it sends its first calls slowly (`SlowStart`).
 */
export class RateWindow {
	private ours: OurCall[] = [];

	/** When each call by another client leaves the window, at the latest. */
	private others: number[] = [];

	/** When each call in flight was sent. */
	private flying: number[] = [];

	private readonly share = new WindowShare(this);

	private readonly slowStart = new SlowStart(this);

	private serviceLimit?: number;

	/** The window's length as X-RateLimit-Reset shows it (whole seconds), once it differs from ours. */
	private serviceWindowMs?: number;

	constructor(
		private configuredLimit: number,
		private configuredWindowMs: number,
	) {}

	/** The configured window, or the service's when its Reset headers show another length. */
	get windowMs(): number {
		const service = this.serviceWindowMs;
		// Reset is given in whole seconds: within a second of ours, it cannot tell them apart.
		if (service === undefined || Math.abs(service - this.configuredWindowMs) <= SECOND_MS) {
			return this.configuredWindowMs;
		}
		return service;
	}

	set windowMs(windowMs: number) {
		this.configuredWindowMs = windowMs;
	}

	/** The configured limit, or the service's when it announces a lower one. */
	get limit(): number {
		return Math.min(this.configuredLimit, this.serviceLimit ?? Infinity);
	}

	setLimit(limit: number): void {
		this.configuredLimit = limit;
	}

	/** A margin for clocks that tick a little apart: 0.5 % of the window. */
	private get marginMs(): number {
		return this.windowMs / 200;
	}

	private get inFlight(): number {
		return this.flying.length;
	}

	private prune(now: number): void {
		const span = this.windowMs + this.marginMs;
		this.ours = this.ours.filter((call) => now - call.at < span);
		this.others = this.others.filter((until) => until > now);
	}

	/** Calls the service may count at `now`. */
	used(now: number): number {
		this.prune(now);
		return this.ours.length + this.others.length + this.inFlight;
	}

	/**
	 * Whether one more call fits when the window holds `ours` answered calls of ours and `others`
	 * of other clients, beside ours in flight: while there is room, and within our share of it.
	 */
	private fits(ours: number, others: number, now: number, call: CallKind = {}): boolean {
		const mine = ours + this.inFlight + 1;
		if (mine + others > this.limit) return false;
		if (call.outsideShare) return true;
		// Rounding must not refuse a call the share gives.
		return mine <= this.share.quota(now) + 1e-9;
	}

	hasRoom(now: number, call: CallKind = {}): boolean {
		this.prune(now);
		return this.fits(this.ours.length, this.others.length, now, call) && this.pacedAt(now, call) <= now;
	}

	private pacedAt(now: number, call: CallKind): number {
		return call.outsideShare ? now : this.share.pacedAt(now);
	}

	/**
	 * The earliest moment a call may go if nothing else is sent: `now` when there is room, or
	 * undefined while calls in flight alone take all the room we may use (their end decides).
	 */
	roomAt(now: number, call: CallKind = {}): number | undefined {
		this.prune(now);
		const paced = this.pacedAt(now, call);
		if (this.fits(this.ours.length, this.others.length, now, call)) return paced;
		const span = this.windowMs + this.marginMs;
		const departures = [
			...this.ours.map((call) => ({ at: call.at + span, ours: true })),
			...this.others.map((at) => ({ at, ours: false })),
		].sort((a, b) => a.at - b.at);
		let ours = this.ours.length;
		let others = this.others.length;
		for (const departure of departures) {
			if (departure.ours) ours -= 1;
			else others -= 1;
			if (this.fits(ours, others, departure.at, call)) return Math.max(departure.at, paced);
		}
		return undefined;
	}

	/** Calls that may be in flight at once: a few after a silence, then more with each answer. */
	inFlightCap(now: number): number {
		return this.slowStart.cap(now);
	}

	/** The quota of calls this process may have in the window: the limit, or its share when others use it. */
	quota(now: number): number {
		return this.share.quota(now);
	}

	/** A call is sent at `sentAt`. */
	begin(sentAt: number, call: CallKind = {}): void {
		this.flying.push(sentAt);
		// A call outside the share is not paced, so it takes nothing from the pace either.
		if (!call.outsideShare) this.share.spend(sentAt);
	}

	/** The call sent at `sentAt` ended at `now` with `answer`. */
	end(now: number, answer: CallAnswer, sentAt: number): void {
		const index = this.flying.indexOf(sentAt);
		if (index >= 0) this.flying.splice(index, 1);
		this.ours.push({ sentAt, at: now });
		this.prune(now);
		if (answer.type === 'unknown') return;
		this.slowStart.heard(now, answer.type === 'refused');
		if (answer.type === 'refused') this.learnRefusal(now, answer.resetAt);
		else this.learnHeaders(now, answer, sentAt);
	}

	/**
	 * The service had its limit reached when the refused call arrived: its window is full, until
	 * the time it named, or for a whole window when it named none.
	 */
	private learnRefusal(now: number, resetAt?: number): void {
		const until =
			resetAt !== undefined && resetAt > now ? Math.min(resetAt, now + MAX_REFUSAL_MS) : now + this.windowMs;
		// Calls in flight may not have reached the service yet, so they are not taken as counted.
		this.setOthers(this.limit + 1 - this.ours.length, until);
		// Our own calls leave no earlier than that either.
		if (resetAt !== undefined) {
			const leaveFrom = until - this.windowMs - this.marginMs;
			this.ours = this.ours.map((call) => ({ ...call, at: Math.max(call.at, leaveFrom) }));
		}
		// A refusal that names when to come back decides by itself; one that does not shows others about.
		if (resetAt === undefined) this.share.refused(now, this.ours.length);
	}

	private learnHeaders(
		now: number,
		answer: { limit?: number; remaining?: number; resetAt?: number },
		sentAt: number,
	): void {
		if (answer.limit !== undefined && answer.limit > 0) this.serviceLimit = answer.limit;
		// The service sets Reset to the moment its window, begun now, ends: its length, to the second.
		if (answer.resetAt !== undefined && answer.resetAt > now) {
			const shown = Math.ceil((answer.resetAt - now) / SECOND_MS) * SECOND_MS;
			this.serviceWindowMs = Math.min(Math.max(this.serviceWindowMs ?? 0, shown), MAX_REFUSAL_MS);
		}
		if (answer.remaining === undefined) return;
		const counted = (answer.limit ?? this.limit) - answer.remaining;
		// Ours the service had counted when this call arrived: those sent before it (ours go in order),
		// and of those sent in the same moment, the ones answered already: answers come back in the
		// order the calls arrived. The others still in flight may have arrived first too: counted as
		// other clients' calls for room, they leave the count as their own answers come in, and they
		// never make this process take the window as shared.
		const sameMoment = this.flying.filter((flying) => flying === sentAt).length;
		const ours =
			this.ours.filter((call) => call.sentAt <= sentAt).length +
			this.flying.filter((flying) => flying < sentAt).length;
		const until = Math.max(now + this.windowMs, Math.min(answer.resetAt ?? 0, now + 2 * this.windowMs));
		this.setOthers(counted - ours, until);
		this.share.observe(now, {
			counted,
			ours: Math.min(ours + sameMoment, counted),
			inFlight: this.inFlight,
			remaining: answer.remaining,
		});
	}

	private setOthers(count: number, until: number): void {
		const wanted = Math.max(0, count);
		this.others.sort((a, b) => a - b);
		if (this.others.length > wanted) this.others.splice(0, this.others.length - wanted);
		while (this.others.length < wanted) this.others.push(until);
	}
}
