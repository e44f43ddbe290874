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

/**
 * A sliding window of the service's limit as seen from this process: our calls (counted from the
 * moment their answer came, which is never earlier than the service counted them), calls in
 * flight (counted until they end), and calls by other clients of the workspace, learned from the
 * X-RateLimit-Remaining header or from a refusal.
 */
export class RateWindow {
	private ours: number[] = [];

	/** When each call by another client leaves the window, at the latest. */
	private others: number[] = [];

	private inFlight = 0;

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

	private prune(now: number): void {
		const span = this.windowMs + this.marginMs;
		this.ours = this.ours.filter((at) => now - at < span);
		this.others = this.others.filter((until) => until > now);
	}

	/** Calls the service may count at `now`. */
	used(now: number): number {
		this.prune(now);
		return this.ours.length + this.others.length + this.inFlight;
	}

	hasRoom(now: number): boolean {
		return this.used(now) < this.limit;
	}

	/**
	 * The earliest moment a call may go if nothing else is sent: `now` when there is room, or
	 * undefined while calls in flight alone fill the window (their end decides).
	 */
	roomAt(now: number): number | undefined {
		const excess = this.used(now) - this.limit + 1;
		if (excess <= 0) return now;
		const span = this.windowMs + this.marginMs;
		const departures = [...this.ours.map((at) => at + span), ...this.others].sort((a, b) => a - b);
		return excess <= departures.length ? departures[excess - 1] : undefined;
	}

	begin(): void {
		this.inFlight += 1;
	}

	end(now: number, answer: CallAnswer): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		this.ours.push(now);
		this.prune(now);
		if (answer.type === 'refused') this.learnRefusal(now, answer.resetAt);
		if (answer.type === 'answered') this.learnHeaders(now, answer);
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
		if (resetAt !== undefined) this.ours = this.ours.map((at) => Math.max(at, until - this.windowMs - this.marginMs));
	}

	private learnHeaders(now: number, answer: { limit?: number; remaining?: number; resetAt?: number }): void {
		if (answer.limit !== undefined && answer.limit > 0) this.serviceLimit = answer.limit;
		// The service sets Reset to the moment its window, begun now, ends: its length, to the second.
		if (answer.resetAt !== undefined && answer.resetAt > now) {
			const shown = Math.ceil((answer.resetAt - now) / SECOND_MS) * SECOND_MS;
			this.serviceWindowMs = Math.min(Math.max(this.serviceWindowMs ?? 0, shown), MAX_REFUSAL_MS);
		}
		if (answer.remaining === undefined) return;
		const counted = (answer.limit ?? this.limit) - answer.remaining;
		// The service's count can only miss our calls still on their way, never count them twice.
		const until = Math.max(now + this.windowMs, Math.min(answer.resetAt ?? 0, now + 2 * this.windowMs));
		this.setOthers(counted - this.ours.length - this.inFlight, until);
	}

	private setOthers(count: number, until: number): void {
		const wanted = Math.max(0, count);
		this.others.sort((a, b) => a - b);
		if (this.others.length > wanted) this.others.splice(0, this.others.length - wanted);
		while (this.others.length < wanted) this.others.push(until);
	}
}
