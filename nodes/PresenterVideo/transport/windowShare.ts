/** The service's window as this process knows it. */
export interface WindowSize {
	readonly limit: number;
	readonly windowMs: number;
}

/** The part of the limit a process may have in flight before the service has answered within a window. */
export const FIRST_CALLS_SHARE = 1 / 10;

/**
 * Other clients' calls an answer must show before this process takes itself as sharing the
 * window, and the part of the limit the window must then hold: a window mostly free needs no
 * sharing.
 */
export const SHARING_SEEN = 2;
export const BUSY = 1 / 4;

/** The least share of the limit a sharing process keeps, however few of the window's calls were its own. */
export const LEAST_SHARE = 1 / 10;

/** How much the latest answer weighs in the share, against the answers before it. */
export const SHARE_WEIGHT = 1 / 4;

/**
 * While every answer shows at least ROOMY of the limit free, a sharing process may grow beyond its
 * share by GROWTH_PER_WINDOW of the limit a window, for a window at most. All processes growing
 * alike, the shares drift toward equal, and one that came late is not held to the few calls it had
 * when it came.
 */
export const ROOMY = 1 / 10;
export const GROWTH_PER_WINDOW = 1 / 4;

/** Calls a sharing process may send at once; beyond them it sends at the pace of its quota. */
export const SHARED_BURST = 2;

/** What an answer showed of the window when the call arrived. */
export interface WindowSeen {
	/** Calls the service had counted, the answered one included. */
	counted: number;
	/** Of them, ours. */
	ours: number;
	/** Our calls still on their way: they will be counted too. */
	inFlight: number;
	remaining: number;
}

/**
 * This process's part of a window other clients use too: n8n workers in queue mode each run their
 * own request budget against the workspace's one limit, and each learns of the others' calls only
 * when its own answers come back, so several can see the same room and all send into it.
 *
 * Once an answer shows SHARING_SEEN calls of other clients or more in a window holding BUSY of the
 * limit or more (or a refusal shows others), and for a window after the last such answer, the
 * process keeps its calls in the window within its quota: its share of the calls counted over the
 * last few answers (at least LEAST_SHARE), plus GROWTH_PER_WINDOW of the limit a window while
 * answers show room. The shares of all clients add up to the whole. It also sends at the pace of its
 * quota (SHARED_BURST at once), so that what it sends before its answers show the others' calls
 * stays small. A process alone in the window is held by neither.
 */
export class WindowShare {
	/** Our part of the calls the service counted, over the last few answers that showed other clients. */
	private share = 1;

	/** Until when this process takes itself as sharing the window with other clients. */
	private sharedUntil?: number;

	/** Since when every answer has shown room in the window (ROOMY of the limit or more). */
	private roomySince?: number;

	/** Calls a sharing process may send now, and when that was worked out. */
	private tokens = SHARED_BURST;

	private tokensAt = 0;

	constructor(private readonly size: WindowSize) {}

	/** Other clients were seen using the window within the last window. */
	sharing(now: number): boolean {
		return this.sharedUntil !== undefined && now < this.sharedUntil;
	}

	/** The calls this process may have in the window at `now`: the limit when alone, its share when not. */
	quota(now: number): number {
		const { limit, windowMs } = this.size;
		if (!this.sharing(now)) return limit;
		const roomy = this.roomySince === undefined ? 0 : Math.max(0, now - this.roomySince) / windowMs;
		const share = Math.max(this.share, LEAST_SHARE) + Math.min(roomy, 1) * GROWTH_PER_WINDOW;
		return Math.min(1, share) * limit;
	}

	/** When the pace lets the next call go: `now` when alone or within the burst. */
	pacedAt(now: number): number {
		if (!this.sharing(now)) return now;
		this.refill(now);
		return this.tokens >= 1 ? now : now + ((1 - this.tokens) * this.size.windowMs) / this.quota(now);
	}

	/** A call is sent at `now`. */
	spend(now: number): void {
		if (!this.sharing(now)) return;
		this.refill(now);
		this.tokens -= 1;
	}

	/** An answer showed the window as the service counted it. */
	observe(now: number, seen: WindowSeen): void {
		const others = seen.counted - seen.ours;
		// Our calls in flight count toward a busy window: they are on their way to it.
		if (others >= SHARING_SEEN && seen.counted + seen.inFlight >= this.size.limit * BUSY) {
			this.shareWith(now, Math.min(1, seen.ours / seen.counted));
		}
		if (seen.remaining < this.size.limit * ROOMY) this.roomySince = undefined;
		else this.roomySince ??= now;
	}

	/** A refusal showed the window full, `ours` of its calls ours. */
	refused(now: number, ours: number): void {
		this.roomySince = undefined;
		if (ours <= this.size.limit) this.shareWith(now, ours / (this.size.limit + 1));
	}

	/** From now on, and for a window, this process keeps to its share, taken over the last few answers. */
	private shareWith(now: number, seen: number): void {
		if (this.sharing(now)) this.share += (seen - this.share) * SHARE_WEIGHT;
		else {
			this.share = seen;
			this.roomySince = undefined;
			this.tokens = SHARED_BURST;
			this.tokensAt = now;
		}
		this.sharedUntil = now + this.size.windowMs;
	}

	private refill(now: number): void {
		const pace = this.quota(now) / this.size.windowMs;
		this.tokens = Math.min(SHARED_BURST, this.tokens + Math.max(0, now - this.tokensAt) * pace);
		this.tokensAt = now;
	}
}

/**
 * Calls allowed in flight at once. A process cannot see other clients before their calls are
 * counted, so after a window without any answer it starts with FIRST_CALLS_SHARE of the limit in
 * flight, lets one more fly per call answered (twice as many a round trip), and halves after a
 * refusal.
 */
export class SlowStart {
	private ramp = 1;

	/** When the service last answered (a refusal included). */
	private heardAt?: number;

	constructor(private readonly size: WindowSize) {}

	cap(now: number): number {
		return this.silent(now) ? this.firstCalls : this.ramp;
	}

	/** The service answered at `now`; `refused` when it was a 429. */
	heard(now: number, refused: boolean): void {
		if (this.silent(now)) this.ramp = this.firstCalls;
		this.heardAt = now;
		this.ramp = refused
			? Math.max(this.firstCalls, Math.floor(this.ramp / 2))
			: Math.max(this.firstCalls, Math.min(this.ramp + 1, this.size.limit));
	}

	private get firstCalls(): number {
		return Math.max(1, Math.floor(this.size.limit * FIRST_CALLS_SHARE));
	}

	/** Nothing heard from the service within a window: other clients may have started meanwhile. */
	private silent(now: number): boolean {
		return this.heardAt === undefined || now - this.heardAt > this.size.windowMs;
	}
}
