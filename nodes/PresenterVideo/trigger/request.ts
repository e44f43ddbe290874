import { createHash, timingSafeEqual } from 'crypto';
import { type IDataObject, jsonParse } from 'n8n-workflow';
import { isRecord } from '../service/types';
import { TIMING } from '../timing';

/** Bounds that keep every answer inside the service's 10-second delivery time-out. */
export const DELIVERY_LIMITS = {
	/** Bodies beyond this are refused; a real event is a few hundred bytes. */
	maxBodyBytes: 1024 * 1024,
	/** Longest job id accepted: ids go into URLs and dedup keys. */
	maxJobIdLength: 200,
	...TIMING.delivery,
};

/** The trigger's answers: fixed texts, never echoing the request. Non-2xx makes the service retry later. */
export interface Reply {
	status: number;
	body: IDataObject;
}

export const REPLIES = {
	started: { status: 200, body: { received: true, outcome: 'started' } },
	// Written before the confirmation of a job whose status lags behind its callback.
	confirming: { status: 200, body: { received: true, outcome: 'confirming' } },
	duplicate: { status: 200, body: { received: true, outcome: 'duplicate' } },
	notSelected: { status: 200, body: { received: true, outcome: 'event not selected' } },
	notAJobEvent: { status: 200, body: { received: true, outcome: 'not a finished video job' } },
	kindUnknown: { status: 200, body: { received: true, outcome: 'job kind unknown' } },
	unauthorized: { status: 401, body: { error: 'Unauthorized' } },
	malformed: { status: 400, body: { error: 'The body must be a JSON object with job_id and status' } },
	tooLarge: { status: 400, body: { error: 'The body is too large' } },
	// A copy of an event still in hand: sent again later, it is either recorded (then dropped) or free.
	inProgress: { status: 409, body: { error: 'This event is being processed; try again later' } },
	// Non-2xx so that a status endpoint lagging behind its own webhook gets another chance.
	notConfirmed: { status: 409, body: { error: 'The service does not confirm this event' } },
	confirmUnavailable: { status: 503, body: { error: 'The event could not be confirmed; try again later' } },
} satisfies Record<string, Reply>;

export type ReplyName = keyof typeof REPLIES;

function digest(value: string): Uint8Array {
	return new Uint8Array(createHash('sha256').update(value, 'utf8').digest());
}

/** Hashed first, so it takes the same time whatever the length; a repeated `?secret=` is an array: no match. */
export function secretMatches(expected: string, given: unknown): boolean {
	if (typeof given !== 'string') return false;
	return timingSafeEqual(digest(expected), digest(given));
}

interface RequestSizeSource {
	headers: Record<string, string | string[] | undefined>;
	rawBody?: unknown;
}

/** The size of the body as received, when the request tells it: raw bytes, else Content-Length. */
export function bodySize(request: RequestSizeSource): number | undefined {
	const rawLength = (request.rawBody as { length?: unknown } | null | undefined)?.length;
	if (typeof rawLength === 'number') return rawLength;
	const header = request.headers['content-length'];
	const declared = Number(Array.isArray(header) ? header[0] : header);
	return Number.isFinite(declared) && declared >= 0 ? declared : undefined;
}

export function isOversized(request: RequestSizeSource): boolean {
	return (bodySize(request) ?? 0) > DELIVERY_LIMITS.maxBodyBytes;
}

function parseJson(text: string): unknown {
	try {
		return jsonParse(text.replace(/^\uFEFF/, ''));
	} catch {
		return undefined;
	}
}

/** n8n parses `application/json` itself; JSON sent as another content type is parsed here. */
export function readBody(parsed: unknown, rawBody: unknown): unknown {
	if (isRecord(parsed) && Object.keys(parsed).length > 0) return parsed;
	if (typeof parsed === 'string') return parseJson(parsed);
	const text: unknown = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
	if (typeof text === 'string' && text.trim() !== '') return parseJson(text);
	return parsed;
}

/** The time left before the answer is due: no call may push the answer past the service's time-out. */
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
