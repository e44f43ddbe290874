import type { JobKind } from '../../PresenterVideo/helpers/types';

export type { JobKind };

/** The two finished states a delivery reports. */
export type TerminalStatus = 'completed' | 'failed';

/** The four events a user can pick in Trigger On; also the `event` field of the output. */
export type EventName = `${JobKind}.${TerminalStatus}`;

export const EVENT_NAMES: readonly EventName[] = [
	'generation.completed',
	'generation.failed',
	'export.completed',
	'export.failed',
];

/**
 * How sure the kind is. `task` and `result` name it outright; an id prefix is only a hint
 * (the service's own examples use `run_` for an export), so a prefix-based kind may be corrected
 * by the status endpoint. `status`: the status endpoint that knew the job.
 */
export type KindSource = 'task' | 'result' | 'prefix' | 'status';

/** The fields of a job's `result` that the output carries, as sent (snake case). */
export interface JobResultFields {
	video_id?: string;
	video_url?: string;
	thumbnail_url?: string;
	duration?: number;
	cost?: number;
	created_at?: string;
}

export interface JobErrorFields {
	code?: string;
	message?: string;
}

/** A delivery about a finished generation or export job. */
export interface JobEvent {
	jobId: string;
	status: TerminalStatus;
	/** Undefined when neither task, result nor prefix tells: only the status endpoint can. */
	kind?: JobKind;
	kindSource?: KindSource;
	task?: string;
	result?: JobResultFields;
	error?: JobErrorFields;
}

export function eventName(kind: JobKind, status: TerminalStatus): EventName {
	return `${kind}.${status}`;
}
