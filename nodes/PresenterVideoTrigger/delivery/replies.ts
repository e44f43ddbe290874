import type { IDataObject } from 'n8n-workflow';

/**
 * Every answer the trigger gives, as fixed texts: nothing of the request (body, secret) is ever
 * echoed. 2xx tells the service to stop retrying; a non-2xx makes it try again later.
 */
export interface Reply {
	status: number;
	body: IDataObject;
}

export const REPLIES = {
	started: { status: 200, body: { received: true, outcome: 'started' } },
	duplicate: { status: 200, body: { received: true, outcome: 'duplicate' } },
	notSelected: { status: 200, body: { received: true, outcome: 'event not selected' } },
	notAJobEvent: { status: 200, body: { received: true, outcome: 'not a finished video job' } },
	kindUnknown: { status: 200, body: { received: true, outcome: 'job kind unknown' } },
	unauthorized: { status: 401, body: { error: 'Unauthorized' } },
	malformed: { status: 400, body: { error: 'The body must be a JSON object with job_id and status' } },
	tooLarge: { status: 400, body: { error: 'The body is too large' } },
	// A copy of an event still being handled: answered non-2xx so the service sends it again
	// later, when it is either recorded (then dropped) or free to be handled.
	inProgress: { status: 409, body: { error: 'This event is being processed; try again later' } },
	// Non-2xx so that a status endpoint lagging behind its own webhook gets another chance.
	notConfirmed: { status: 409, body: { error: 'The service does not confirm this event' } },
	confirmUnavailable: { status: 503, body: { error: 'The event could not be confirmed; try again later' } },
} satisfies Record<string, Reply>;

export type ReplyName = keyof typeof REPLIES;
