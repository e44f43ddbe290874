import { ServiceClock } from './serviceClock';
import { TIMING } from '../timing';

/** A response header by its lower-case name, whatever case the answer used. */
function header(headers: Record<string, unknown>, name: string): string | undefined {
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
}

function headerNumber(headers: Record<string, unknown>, name: string): number | undefined {
	const value = header(headers, name);
	return value === undefined || !Number.isFinite(Number(value)) ? undefined : Number(value);
}

/** What came back: an HTTP status with its headers, or nothing (the call may still have counted). */
export type CallAnswer = { status: number; headers: Record<string, unknown> } | undefined;

/** One of our calls, numbered in sending order; `answeredAt` unset while in flight. */
export type OurCall = { seq: number; sentAt: number; answeredAt?: number; limit: number };

/** The window as one answer showed it: room left, our calls it surely counted, our part of all it counted. */
type WindowView = { seq: number; at: number; free: number; counted: Set<OurCall>; share: number };

/**
 * What one workspace's rate limit allows this process; it never waits. A call goes when no refusal
 * holds the window, our calls in it stay under the limit, and our calls since the last answer stay
 * within our share of the room it showed. Calls in flight start at one after a silence, grow by one
 * an answer and halve after a refusal, so processes starting together see each other in time.
 * Service times are read on its clock (`ServiceClock`), the window's length from `X-RateLimit-Reset`.
 */
export class RateRule {
	private log: OurCall[] = [];
	private readonly clock = new ServiceClock();
	private readonly resetSpans: number[] = [];
	private serviceLimit?: number;
	windowMs = TIMING.serviceWindowMs;
	private view?: WindowView;
	/** Until when a refusal that named a time holds every call. */
	private heldUntil = 0;
	/** When the service last answered, and the calls that may fly at once. */
	private heardAt = -Infinity;
	private flightCap = 1;
	private inFlight = 0;
	/** The part of the limit our calls are spaced at while others use the window. */
	private pace = 1;
	private sent = 0;

	constructor(readonly defaultLimit: number) {}

	/** A credential's limit, never above the one the service names. */
	limitOf(configured: number = this.defaultLimit): number {
		return Math.min(configured, this.serviceLimit ?? Infinity);
	}

	/** Nothing flies, holds or counts in the window at `now`. */
	quietAt(now: number): boolean {
		return this.inFlight === 0 && now >= this.heldUntil && this.ours(now).length === 0;
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

	/** Local ms (`now` or earlier: at once); undefined while only an answer to a call in flight can make room. */
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
		// Calls sent since the view: their answers show the window anew, or, answered without its
		// headers, the view ends a window after it was taken.
		if (sentSince > 0) return this.inFlight > 0 ? undefined : Math.max(at, view.at + this.windowMs);
		return Math.max(at, paced, Math.min(this.firstLeaving(view.counted), view.at + this.windowMs));
	}

	/** A call leaves now; the one returned is handed back to `answered`. */
	send(now: number, configuredLimit = this.defaultLimit): OurCall {
		const call: OurCall = { seq: this.sent++, sentAt: now, limit: this.limitOf(configuredLimit) };
		this.log.push(call);
		this.inFlight += 1;
		return call;
	}

	/** A call came back at `now`, with what it said (nothing: no answer, or one without headers). */
	answered(call: OurCall, now: number, answer: CallAnswer): void {
		if (call.answeredAt !== undefined) return;
		call.answeredAt = now;
		this.inFlight -= 1;
		if (answer) this.learn(call, answer);
	}

	private learn(call: OurCall, { status, headers }: NonNullable<CallAnswer>): void {
		const now = call.answeredAt as number;
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
			this.heldUntil = Math.min(Math.max(comeBack, now), now + TIMING.longestRefusalHoldMs);
			this.view = undefined;
			return;
		}
		// A headerless refusal is a full window, the refused call counted in it.
		const remaining = status === 429 ? 0 : number('x-ratelimit-remaining');
		if (remaining === undefined || (this.view && this.view.seq > call.seq)) return;
		const counted = new Set(this.ours(now).filter((ours) => ours.seq <= call.seq && ours.answeredAt !== undefined));
		// The service drops a call a window after it arrived: those sent within one are surely still in it.
		const stillIn = [...counted].filter((ours) => now - ours.sentAt < this.windowMs).length;
		const share = status === 429 ? (this.view?.share ?? 1) : stillIn / Math.max((named ?? limit) - remaining, stillIn);
		// Sharing, the pace grows by a call a window while there is room and shrinks by an eighth a
		// window while it is full: the faster process shrinks more, so paces drift equal.
		const answersPerWindow = Math.max(this.pace * limit, 1);
		if (share >= 1) this.pace = 1;
		else if (remaining > 0) this.pace = Math.min(1, this.pace + 1 / (answersPerWindow * limit));
		else this.pace = Math.max(1 / limit, this.pace * (1 - 1 / (8 * answersPerWindow)));
		this.view = { seq: call.seq, at: now, free: remaining, counted, share };
	}

	/**
	 * Reset is the end, in whole seconds, of a window begun when our call arrived: the longest recent
	 * span to it, rounded up to the second (less 100 ms the clock may be off by), is the window.
	 */
	private learnWindow(span: number): void {
		this.resetSpans.push(span);
		if (this.resetSpans.length > 16) this.resetSpans.shift();
		const longest = Math.ceil((Math.max(...this.resetSpans) - 100) / 1000) * 1000;
		this.windowMs = Math.min(Math.max(longest, 1000), TIMING.longestRefusalHoldMs);
	}
}
