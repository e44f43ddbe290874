import type { IDataObject } from 'n8n-workflow';

import { compact } from '../input/requestBodies';
import { JOB_KINDS } from '../service/jobKinds';
import {
	type ExportResult,
	type GenerationResult,
	isRecord,
	type JobKind,
	type ServiceJob,
	type TerminalStatus,
} from '../service/types';
import { DELIVERY_LIMITS } from './request';

/** The four events a user can pick in Trigger On; also the `event` field of the output. */
export type EventName = `${JobKind}.${TerminalStatus}`;

/** How the kind is known: `task` or `result` name it, a `prefix` only hints (some exports use `run_`), or `status`. */
type KindSource = 'task' | 'result' | 'prefix' | 'status';

/** The fields of a job's `result` that the output carries, as sent (snake case), of either kind. */
type JobResultFields = Partial<GenerationResult & ExportResult>;

type JobErrorFields = Partial<NonNullable<ServiceJob['error']>>;

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

export const BOTH_KINDS: readonly JobKind[] = ['generation', 'export'];

export function eventName(kind: JobKind, status: TerminalStatus): EventName {
	return `${kind}.${status}`;
}

export type Classification =
	/** Why a body was refused. Kept for logs and tests; never sent back to the caller. */
	| { type: 'malformed'; reason: 'not-an-object' | 'missing-job-id' | 'missing-status' | 'task-contradicts-result' }
	/** Why a well-formed delivery starts nothing. */
	| { type: 'ignored'; reason: 'other-task' | 'not-finished' }
	| { type: 'job'; event: JobEvent };

const TASK_KINDS: Record<string, JobKind> = { video_generate: 'generation', video_export: 'export' };

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function finiteNumber(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

function readResult(value: unknown): JobResultFields | undefined {
	if (!isRecord(value)) return undefined;
	return withoutUndefined<JobResultFields>({
		video_id: text(value.video_id),
		video_url: text(value.video_url),
		thumbnail_url: text(value.thumbnail_url),
		duration: finiteNumber(value.duration),
		cost: finiteNumber(value.cost),
		created_at: text(value.created_at),
	});
}

/** Both `{ code, message }` and a bare message string occur in the wild. */
function readError(value: unknown): JobErrorFields | undefined {
	if (typeof value === 'string') return withoutUndefined({ message: text(value) });
	if (!isRecord(value)) return undefined;
	return withoutUndefined({ code: text(value.code), message: text(value.message) ?? text(value.error) });
}

function withoutUndefined<T extends object>(value: T): T | undefined {
	const entries = Object.entries(value).filter(([, field]) => field !== undefined);
	return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

/** What a body says of its final status: a completed job's result, or a failed job's error. */
export function readOutcome(status: TerminalStatus, body: Record<string, unknown>): Pick<JobEvent, 'result' | 'error'> {
	const outcome = status === 'completed' ? { result: readResult(body.result) } : { error: readError(body.error) };
	return withoutUndefined(outcome) ?? {};
}

/** The kind the shape of a completed job's result shows: a video id alone, or a file address. */
function kindOfResult(result: JobResultFields | undefined): JobKind | undefined {
	if (result?.video_url !== undefined) return 'export';
	if (result?.video_id !== undefined) return 'generation';
	return undefined;
}

/** Task first, then the shape of the result, then the id prefix (the weakest sign). */
function detectKind(
	jobId: string,
	task: string | undefined,
	shown: JobKind | undefined,
): Pick<JobEvent, 'kind' | 'kindSource'> {
	if (task !== undefined) return { kind: TASK_KINDS[task], kindSource: 'task' };
	if (shown !== undefined) return { kind: shown, kindSource: 'result' };
	const lowerId = jobId.toLowerCase();
	const prefixed = BOTH_KINDS.find((kind) => lowerId.startsWith(JOB_KINDS[kind].idPrefix));
	return prefixed === undefined ? {} : { kind: prefixed, kindSource: 'prefix' };
}

/** Reads a delivery body: what it is about, or why it must be refused or ignored. */
export function classifyDelivery(body: unknown): Classification {
	if (!isRecord(body)) return { type: 'malformed', reason: 'not-an-object' };

	const task = text(body.task)?.toLowerCase();
	// Avatar events (and any task added later) are not video jobs; they carry no job_id either.
	if (task !== undefined && TASK_KINDS[task] === undefined) return { type: 'ignored', reason: 'other-task' };

	const jobId = text(body.job_id);
	if (jobId === undefined || jobId.length > DELIVERY_LIMITS.maxJobIdLength)
		return { type: 'malformed', reason: 'missing-job-id' };
	const status = text(body.status)?.toLowerCase();
	if (status === undefined) return { type: 'malformed', reason: 'missing-status' };
	if (status !== 'completed' && status !== 'failed') return { type: 'ignored', reason: 'not-finished' };

	const outcome = readOutcome(status, body);
	// A task the result's shape contradicts (an export with a generation's result) is trusted neither way.
	const shown = kindOfResult(outcome.result);
	if (task !== undefined && shown !== undefined && shown !== TASK_KINDS[task]) {
		return { type: 'malformed', reason: 'task-contradicts-result' };
	}

	const event: JobEvent = { jobId, status, ...detectKind(jobId, task, shown), ...outcome };
	if (task !== undefined) event.task = task;
	return { type: 'job', event };
}

interface EventItemInput {
	event: JobEvent & { kind: JobKind };
	/** True when the status endpoint confirmed the event and `event` holds its answer. */
	confirmed: boolean;
	receivedAt: Date;
	rawBody?: unknown;
}

/** Deeper than this, the raw body would break whatever serializes the item (n8n saving the execution). */
export const MAX_RAW_BODY_DEPTH = 100;

const LEFT_OUT = `[nested deeper than ${MAX_RAW_BODY_DEPTH} levels: left out]`;

function setOwn(target: object, key: string | number, value: unknown): void {
	// A "__proto__" key of the body stays a plain field.
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The body with values deeper than the bound replaced by a note; no recursion, for bodies 20,000 levels deep. */
export function withinDepth(value: unknown, maxDepth = MAX_RAW_BODY_DEPTH): unknown {
	const root: { value?: unknown } = {};
	const pending: Array<{ source: unknown; target: object; key: string | number; depth: number }> = [
		{ source: value, target: root, key: 'value', depth: 0 },
	];
	while (pending.length > 0) {
		const { source, target, key, depth } = pending.pop() as (typeof pending)[number];
		if (typeof source !== 'object' || source === null) {
			setOwn(target, key, source);
			continue;
		}
		if (depth >= maxDepth) {
			setOwn(target, key, LEFT_OUT);
			continue;
		}
		const copy: object = Array.isArray(source) ? [] : {};
		setOwn(target, key, copy);
		for (const [childKey, child] of Object.entries(source)) {
			// Placed now, filled when its turn comes: the copy keeps the body's field order.
			setOwn(copy, childKey, undefined);
			pending.push({ source: child, target: copy, key: childKey, depth: depth + 1 });
		}
	}
	return root.value;
}

/** The output item's JSON: camelCase fields in a fixed order, absent values left out. */
export function buildEventJson({ event, confirmed, receivedAt, rawBody }: EventItemInput): IDataObject {
	const { result, error } = event;
	return compact({
		event: eventName(event.kind, event.status),
		kind: event.kind,
		jobId: event.jobId,
		status: event.status,
		videoId: result?.video_id,
		videoUrl: result?.video_url,
		thumbnailUrl: result?.thumbnail_url,
		duration: result?.duration,
		cost: result?.cost,
		createdAt: result?.created_at,
		error:
			event.status === 'failed'
				? compact({
						// Codes come in upper or lower case for the same failure: one spelling to branch on.
						code: error?.code?.toUpperCase() ?? 'UNKNOWN',
						message: error?.message ?? '',
						originalCode: error?.code,
					})
				: undefined,
		task: event.task,
		confirmed,
		receivedAt: receivedAt.toISOString(),
		rawBody: rawBody === undefined ? undefined : (withinDepth(rawBody) as IDataObject),
	});
}

/** A file name for the job's MP4 that is safe on every file system. */
export function videoFileName(jobId: string): string {
	return `${jobId.replace(/[^A-Za-z0-9_-]/g, '_')}.mp4`;
}
