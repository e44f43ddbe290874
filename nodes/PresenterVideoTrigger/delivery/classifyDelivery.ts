import { DELIVERY_LIMITS } from './limits';
import type { JobErrorFields, JobEvent, JobKind, JobResultFields, KindSource, TerminalStatus } from './types';

/** Why a body was refused. Kept for logs and tests; never sent back to the caller. */
export type MalformedReason = 'not-an-object' | 'missing-job-id' | 'missing-status';

/** Why a well-formed delivery starts nothing. */
export type IgnoredReason = 'other-task' | 'not-finished';

export type Classification =
	| { type: 'malformed'; reason: MalformedReason }
	| { type: 'ignored'; reason: IgnoredReason }
	| { type: 'job'; event: JobEvent };

const TASK_KINDS: Record<string, JobKind> = {
	video_generate: 'generation',
	video_export: 'export',
};

const ID_PREFIX_KINDS: Array<[string, JobKind]> = [
	['run_', 'generation'],
	['export_', 'export'],
];

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function finiteNumber(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
}

function terminalStatus(value: string): TerminalStatus | undefined {
	const status = value.toLowerCase();
	return status === 'completed' || status === 'failed' ? status : undefined;
}

export function readResult(value: unknown): JobResultFields | undefined {
	if (!isRecord(value)) return undefined;
	const result: JobResultFields = {
		video_id: text(value.video_id),
		video_url: text(value.video_url),
		thumbnail_url: text(value.thumbnail_url),
		duration: finiteNumber(value.duration),
		cost: finiteNumber(value.cost),
		created_at: text(value.created_at),
	};
	return withoutUndefined(result);
}

/** Both `{ code, message }` and a bare message string occur in the wild. */
export function readError(value: unknown): JobErrorFields | undefined {
	if (typeof value === 'string') return text(value) ? { message: value.trim() } : undefined;
	if (!isRecord(value)) return undefined;
	return withoutUndefined({ code: text(value.code), message: text(value.message) ?? text(value.error) });
}

function withoutUndefined<T extends object>(value: T): T | undefined {
	const entries = Object.entries(value).filter(([, field]) => field !== undefined);
	return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

/** Task first, then the shape of the result, then the id prefix (the weakest sign). */
function detectKind(jobId: string, result: JobResultFields | undefined): { kind?: JobKind; kindSource?: KindSource } {
	if (result?.video_id !== undefined && result.video_url === undefined)
		return { kind: 'generation', kindSource: 'result' };
	if (result?.video_url !== undefined) return { kind: 'export', kindSource: 'result' };
	const lowerId = jobId.toLowerCase();
	for (const [prefix, kind] of ID_PREFIX_KINDS) if (lowerId.startsWith(prefix)) return { kind, kindSource: 'prefix' };
	return {};
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
	const rawStatus = text(body.status);
	if (rawStatus === undefined) return { type: 'malformed', reason: 'missing-status' };
	const status = terminalStatus(rawStatus);
	if (status === undefined) return { type: 'ignored', reason: 'not-finished' };

	const result = status === 'completed' ? readResult(body.result) : undefined;
	const error = status === 'failed' ? readError(body.error) : undefined;
	const detected =
		task !== undefined ? { kind: TASK_KINDS[task], kindSource: 'task' as const } : detectKind(jobId, result);

	const event: JobEvent = { jobId, status, ...detected };
	if (task !== undefined) event.task = task;
	if (result !== undefined) event.result = result;
	if (error !== undefined) event.error = error;
	return { type: 'job', event };
}
