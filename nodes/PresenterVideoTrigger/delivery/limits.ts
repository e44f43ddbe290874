/** Bounds that keep every answer inside the service's 10-second delivery time-out. */
export const DELIVERY_LIMITS = {
	/** Bodies beyond this are refused; a real event is a few hundred bytes. */
	maxBodyBytes: 1024 * 1024,
	/** Longest job id accepted: ids go into URLs and dedup keys. */
	maxJobIdLength: 200,
	/** Everything before the answer (the confirmation) must finish within this. */
	answerBudgetMs: 8_000,
	/** One status call; a second one (the other job kind) may follow when the kind was a guess. */
	confirmTimeoutMs: 3_000,
	/** Below this much budget a call is not started: it could not finish in time. */
	minCallMs: 250,
};

/** How many delivered events each trigger remembers, and for how long, to drop repeats. */
export const LEDGER_LIMITS = {
	maxEntries: 1000,
	ttlMs: 24 * 60 * 60 * 1000,
};

/** The process-wide memory serves every trigger of the instance, hence more room. */
export const PROCESS_MEMORY_LIMITS = {
	maxEntries: 5000,
	ttlMs: 24 * 60 * 60 * 1000,
};
