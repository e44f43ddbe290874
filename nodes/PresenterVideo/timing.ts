/**
 * Every duration and count the node waits by, each with the figure it derives from: the service's
 * documented rate limit (100 requests a minute), polling schedule and callback retries (after 1, 3
 * and 7 s; its code: 1 and 3 s), its 10-second delivery time-out, n8n's own behaviour, or a round
 * trip measured here. No other file declares one; docs/architecture.md shows this table.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A status read must not hang a poll loop. */
const READ_TIMEOUT_MS = 30 * SECOND;

/** The service's recommended polling rhythm: from `afterMs` of waiting on, read every `everyMs`. */
export type ScheduleStep = { afterMs: number; everyMs: number };

export const TIMING = {
	// The request budget's queue (schedule/)

	/** A call this close to its deadline goes before every other: the read at Max Wait must not wait behind a batch's starts. */
	urgentBeforeDeadlineMs: 5 * SECOND,
	/** The service's documented window (a minute), until its Reset headers tell otherwise. */
	serviceWindowMs: 1 * MINUTE,
	/** The longest a refusal's named time, or a Reset's window, is believed: a wrong header must not stall a workflow for hours. */
	longestRefusalHoldMs: 15 * MINUTE,

	// Reading a job's status (wait/poll.ts, schedule/readScheduler.ts)

	/** The service's documented polling schedules (service-api.md, "Polling"). */
	pollSchedule: {
		generation: [
			{ afterMs: 0, everyMs: 5 * SECOND },
			{ afterMs: 1 * MINUTE, everyMs: 10 * SECOND },
			{ afterMs: 5 * MINUTE, everyMs: 30 * SECOND },
		],
		export: [
			{ afterMs: 0, everyMs: 3 * SECOND },
			{ afterMs: 30 * SECOND, everyMs: 5 * SECOND },
			{ afterMs: 2 * MINUTE, everyMs: 10 * SECOND },
		],
	} satisfies Record<string, ScheduleStep[]>,
	/** Jobs resting until their kind's job time is known take together at most this share of the rate limit. */
	restingShare: 1 / 10,
	/** Bounds on a kind's job time this close together are taken as the job time; wider ones are probed halfway. */
	tightBounds: 1.1,
	/** The size of a job whose video length is not known: the middle of the 15-120 s videos users ask for. */
	unknownVideoSeconds: 60,
	/** Calls an item may need (its start, reads, Create's export and its reads): a default Max Wait grows by their time in the rate limit. */
	callsPerItem: 5,
	/** Max Wait's default (a 30-second video's 3-minute generation, many times over), Create's (and its export), and the maximum (a day). */
	maxWaitMinutes: { default: 30, create: 60, max: 1440 },
	/** A paused batch's Max Wait left at its default: time to render, plus the longest video's length several times over. */
	pauseMaxWait: { baseMs: 10 * MINUTE, perVideoSecond: 5 },
	/** How long the read at a Max Wait a person set may wait for room in the rate limit. */
	lastReadWaitMs: 5 * SECOND,

	// One HTTP call and its retries (transport/)

	readTimeoutMs: READ_TIMEOUT_MS,
	/** A start may take longer while the service prices it. */
	startTimeoutMs: 60 * SECOND,
	retries: {
		/** Network errors and 5xx a read tries again after: 0.5 + 1 + 2 + 4 s, within the 30-s read time-out. */
		maxReadRetries: 4,
		baseBackoffMs: 500,
		maxBackoffMs: 8 * SECOND,
		/** Refusals in a row a call accepts, each waited out in the queue, when no deadline bounds it. */
		maxRateLimitRetries: 10,
	},
	download: {
		/** Each request's (redirect hop's) wait in silence for its answer: a read's time-out. */
		requestTimeoutMs: READ_TIMEOUT_MS,
		/** Redirect hops followed, each checked again, before a download is given up. */
		maxRedirects: 5,
		/** An announced size may take a minute plus a second per `minBytesPerSecond`: slow links, big files. */
		transferBaseMs: 1 * MINUTE,
		minBytesPerSecond: 256 * 1024,
		/** When the size is not announced: long enough for any export. */
		unknownSizeTransferMs: 1 * HOUR,
	},

	// Pausing until the service calls back (wait/)

	/** How long a callback that leaves jobs of its batch unaccounted for waits for the next one before it reads: callbacks of a batch come close together. */
	callbackGraceMs: 2 * SECOND,
	/** A callback's moment of grace plus a short read: the bound within which a callback of a few jobs decides. */
	decideWithinMs: 3 * SECOND,
	/** Jobs read within that short read: four round trips, waves of 1, 2, 4 and 8. */
	readInRoundTrips: 15,
	/** Reads in flight at once, at the widest wave of a sweep. */
	widestWave: 16,
	/** Each job beyond those: a read at the service's pace of 100 requests a minute. */
	readMsPerJob: 600,
	/** n8n's work around a `webhook()`: the queue kit's slowest callback to resume, 7.1 s (decision included), 1.9 s within the 9-s hold. */
	n8nWorkMarginMs: 6 * SECOND,
	/** A callback delivered again by a call that decided too late is answered before its decision: more than a busy n8n takes to answer. */
	redeliveryTimeoutMs: 5 * SECOND,
	/** Paused batches a process remembers, each until its Max Wait can have passed: the field's 24 hours after its last callback. */
	batchMemory: { maxEntries: 10_000, keepMs: 24 * HOUR },

	// The trigger (trigger/): every answer within the service's 10-second delivery time-out

	delivery: {
		/** Everything before the answer (the confirmation) finishes within this. */
		answerBudgetMs: 8 * SECOND,
		/** One status call; a second one (the other job kind) may follow when the kind was a guess. */
		confirmTimeoutMs: 3 * SECOND,
		/** Below this much of the budget a call is not started: it could not finish in time. */
		minCallMs: 250,
		/** After the answer, a status that lags the callback may take this long to say completed; it is read every `stepMs`. */
		confirmAfterAnswerMs: 10 * SECOND,
		confirmStepMs: 500,
	},
	/** Delivered events each trigger remembers, to drop repeats: the service retries for seconds, a person re-sends within a day. */
	deliveryLedger: { maxEntries: 1000, keepMs: 24 * HOUR },
	/** The process's memory of accepted deliveries serves every trigger of the instance, hence more room. */
	acceptedDeliveries: { maxEntries: 5000, keepMs: 24 * HOUR },

	// Starting at most once (billing/)

	/** How long a start is remembered for a retry or a repeated key: the Remember Starts For field's default and maximum (a year). */
	startRetentionHours: { min: 0.1, default: 24, max: 8760 },
	/** Starts a process shares between executions, and the keys n8n's store keeps per node. */
	rememberedStarts: 10_000,
};
