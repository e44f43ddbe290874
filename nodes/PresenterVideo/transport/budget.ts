import { sleep } from 'n8n-workflow';

import { type ApiContext, CREDENTIAL_TYPE } from './apiRequest';
import { type CallAnswer, RateWindow } from './rateWindow';
import { header, rateLimitResetAt } from './retryPolicy';
import { serviceMs } from './time';

/**
 * Starts go first, so a batch starts quickly. Then reads whose answer may let another job start
 * (a generation an export follows): the batch's end waits on that chain. Other reads go last, as
 * a job that only waits to be collected loses little by a later read.
 */
export type CallPriority = 'start' | 'readBeforeStart' | 'read';

const RANKS: Record<CallPriority, number> = { start: 0, readBeforeStart: 1, read: 2 };

interface BudgetRequest {
	priority: CallPriority;
	/** Among calls of the same priority, lower goes first (the read of the job most likely finished, the start of the longest video). */
	order?: number;
	signal?: AbortSignal;
	/** Epoch ms after which waiting for room is pointless: acquire gives up and returns undefined. */
	deadline?: number;
	/**
	 * The call goes whenever the window has room, without keeping to this process's share of a
	 * window other processes use, nor to its slow start after a silence: for the few reads a paused
	 * batch's callbacks need, which a process answering callbacks (a webhook processor) must not
	 * wait for at the pace of the few calls it had in the window.
	 */
	outsideShare?: boolean;
}

/** Leave to send one call: `finish` must be called with what came back. */
interface Permit {
	finish(answer: CallAnswer): void;
}

/** No room in the rate limit before the caller's deadline. */
export class BudgetDeadlineError extends Error {
	constructor() {
		super('The rate limit left no room for this request before its deadline');
		this.name = 'BudgetDeadlineError';
	}
}

interface Waiter extends BudgetRequest {
	rank: number;
	seq: number;
	grant(permit: Permit | undefined): void;
}

/** The service counts requests per minute. */
const RATE_WINDOW_MS = 60_000;

const DEFAULT_REQUESTS_PER_MINUTE = 100;

/** How often waiting requests are checked for a cancelled execution or a passed deadline. */
const CHECK_MS = 200;

const MIN_IN_FLIGHT = 4;

/**
 * One workspace's request budget in this process, shared by every execution: calls go in priority
 * order as soon as the window has room, with as many in flight as the measured latency needs to
 * send a full window's worth within a twentieth of the window.
 */
export class RequestBudget {
	readonly window: RateWindow;

	private readonly queue: Waiter[] = [];

	private inFlight = 0;

	private latencyMs = 200;

	private seq = 0;

	private pumping = false;

	private wake?: () => void;

	constructor(
		limit: number,
		windowMs: number,
		private readonly now: () => number = Date.now,
	) {
		this.window = new RateWindow(limit, windowMs);
	}

	configure(limit: number, windowMs: number): void {
		this.window.setLimit(limit);
		this.window.windowMs = windowMs;
	}

	/** Calls allowed in flight at once: what the latency needs to use the window, at least a few. */
	maxInFlight(): number {
		const { limit, windowMs } = this.window;
		const needed = Math.ceil((this.latencyMs * limit) / (windowMs / 20));
		return Math.min(Math.max(needed, MIN_IN_FLIGHT), Math.max(limit, MIN_IN_FLIGHT));
	}

	/** Whether one more call may be in flight: as the latency needs, and as the window's slow start allows. */
	private mayFly(now: number): boolean {
		return this.inFlight < Math.min(this.maxInFlight(), this.window.inFlightCap(now));
	}

	get waiting(): number {
		return this.queue.length;
	}

	/** Waits for leave to send a call; undefined when the deadline came first or the signal aborted. */
	async acquire(request: BudgetRequest): Promise<Permit | undefined> {
		if (request.signal?.aborted) return undefined;
		const permit = new Promise<Permit | undefined>((grant) => {
			const waiter: Waiter = {
				...request,
				rank: RANKS[request.priority],
				seq: this.seq++,
				grant,
			};
			this.queue.push(waiter);
			this.queue.sort((a, b) => a.rank - b.rank || (a.order ?? 0) - (b.order ?? 0) || a.seq - b.seq);
		});
		this.pump();
		return await permit;
	}

	private permit(waiter: Waiter): Permit {
		const began = this.now();
		this.inFlight += 1;
		this.window.begin(began, { outsideShare: waiter.outsideShare });
		let finished = false;
		return {
			finish: (answer) => {
				if (finished) return;
				finished = true;
				const ended = this.now();
				this.inFlight -= 1;
				this.window.end(ended, answer, began);
				this.latencyMs = 0.8 * this.latencyMs + 0.2 * (ended - began);
				this.pump();
			},
		};
	}

	/** Whether a call outside the share may be in flight: as the latency needs, slow start or not. */
	private mayFlyOutsideShare(): boolean {
		return this.inFlight < this.maxInFlight() && this.queue.some((waiter) => waiter.outsideShare === true);
	}

	/** The first waiter that may go outside the share, when the window has room for it; -1 if none. */
	private firstOutsideShare(now: number): number {
		if (!this.mayFlyOutsideShare() || !this.window.hasRoom(now, { outsideShare: true })) return -1;
		return this.queue.findIndex((waiter) => waiter.outsideShare === true);
	}

	/** When the next waiter may go, as far as the window can tell; undefined while calls in flight decide. */
	private roomAt(now: number): number | undefined {
		const shared = this.mayFly(now) ? this.window.roomAt(now) : undefined;
		const outside = this.mayFlyOutsideShare() ? this.window.roomAt(now, { outsideShare: true }) : undefined;
		return shared === undefined || outside === undefined ? (shared ?? outside) : Math.min(shared, outside);
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
		if (this.pumping) {
			this.wake?.();
			return;
		}
		this.pumping = true;
		void this.run();
	}

	private async run(): Promise<void> {
		for (;;) {
			const now = this.now();
			this.dropGone(now);
			while (this.queue.length > 0) {
				const next = this.mayFly(now) && this.window.hasRoom(now) ? 0 : this.firstOutsideShare(now);
				if (next < 0) break;
				const [waiter] = this.queue.splice(next, 1);
				waiter.grant(this.permit(waiter));
			}
			if (this.queue.length === 0) {
				// Cleared in the same turn as the check, so no waiter can slip in unserved.
				this.pumping = false;
				return;
			}
			const roomAt = this.roomAt(now);
			const until = Math.min(roomAt ?? Infinity, now + CHECK_MS);
			await new Promise<void>((resolve) => {
				this.wake = resolve;
				void sleep(Math.max(until - now, 1)).then(resolve);
			});
			this.wake = undefined;
		}
	}
}

const budgets = new Map<string, RequestBudget>();

/**
 * The budget of one workspace, shared by all executions in this process. `key` names the
 * credential and the API root, never the API key itself.
 */
export function budgetFor(key: string, requestsPerMinute: number): RequestBudget {
	const limit = requestsPerMinute > 0 ? Math.floor(requestsPerMinute) : DEFAULT_REQUESTS_PER_MINUTE;
	const windowMs = serviceMs(RATE_WINDOW_MS);
	let budget = budgets.get(key);
	if (!budget) {
		budget = new RequestBudget(limit, windowMs);
		budgets.set(key, budget);
	} else budget.configure(limit, windowMs);
	return budget;
}

/**
 * The budget of the workspace behind this node's credential: keyed by the credential's id (or
 * name) and the API root, so every execution using it in this process shares one window.
 */
export async function budgetForContext(context: ApiContext, apiRoot: string): Promise<RequestBudget> {
	const credentials = await context.getCredentials<{ requestsPerMinute?: number }>(CREDENTIAL_TYPE);
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	const identity = reference?.id ?? reference?.name ?? CREDENTIAL_TYPE;
	const limit = Number(credentials.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE);
	return budgetFor(`${identity} ${apiRoot}`, limit);
}

function headerNumber(headers: Record<string, unknown>, name: string): number | undefined {
	const value = Number(header(headers, name));
	return Number.isFinite(value) && header(headers, name) !== undefined ? value : undefined;
}

/** What an HTTP answer says about the window: a 429 is a refusal, anything else may carry X-RateLimit-*. */
export function answerOf(status: number, headers: Record<string, unknown>): CallAnswer {
	if (status === 429) return { type: 'refused', resetAt: rateLimitResetAt(headers) };
	const reset = headerNumber(headers, 'x-ratelimit-reset');
	return {
		type: 'answered',
		limit: headerNumber(headers, 'x-ratelimit-limit'),
		remaining: headerNumber(headers, 'x-ratelimit-remaining'),
		resetAt: reset === undefined ? undefined : reset * 1000,
	};
}
