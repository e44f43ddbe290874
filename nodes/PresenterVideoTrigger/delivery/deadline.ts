import { DELIVERY_LIMITS } from './limits';

/**
 * The time left before the answer is due. Each outgoing call gets at most what remains, so
 * confirmation can never push the answer past the service's time-out.
 */
export class Deadline {
	private readonly endsAt: number;

	constructor(
		budgetMs: number = DELIVERY_LIMITS.answerBudgetMs,
		private readonly clock: () => number = Date.now,
	) {
		this.endsAt = clock() + budgetMs;
	}

	remainingMs(): number {
		return Math.max(this.endsAt - this.clock(), 0);
	}

	/** The time-out for the next call, capped; undefined when too little time is left to try. */
	callTimeout(capMs: number): number | undefined {
		const timeout = Math.min(capMs, this.remainingMs());
		return timeout >= DELIVERY_LIMITS.minCallMs ? timeout : undefined;
	}
}
