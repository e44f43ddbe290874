import { NodeApiError, NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import type { ApiClient, CallOptions } from '../transport/client';
import { explainCode, normalizeCode } from '../transport/errorCatalog';
import { BudgetDeadlineError } from '../transport/requestBudget';
import { WaitCancelledError, waitFor } from '../transport/wait';
import { compact } from './compact';
import { JOB_KINDS, simplifyJob } from './jobKinds';
import { startOnce, type StartOutcome, type StartRegister } from './ledger/startOnce';
import type { ReadScheduler, ScheduledRead } from './readScheduler';
import type { JobKind, ServiceJob } from './types';

/** A job the service accepted, or one whose status was read: what outputs and errors must name. */
export interface StartedJob {
	kind: JobKind;
	jobId: string;
	itemIndex: number;
	/** When it was started or first seen: the schedule and Max Wait count from here. */
	startedAt: number;
	/** The service's answer to the start, when this node started the job. */
	start?: ServiceJob;
	/** A status already read, kept if nothing newer arrives. */
	lastKnown?: ServiceJob;
	/** The video's requested seconds, when known: the read scheduler expects longer videos to take longer. */
	sizeSeconds?: number;
	/** Set when an earlier start's job was taken instead of starting a new one. */
	reusedBy?: 'retry' | 'idempotencyKey';
}

/** A start that was sent but brought back no job id: the service may have billed it. */
export interface UnansweredStart {
	kind: JobKind;
	itemIndex: number;
	/** Why there is no job id; the error the item failed with. */
	error: Error;
}

/** A job that ended, or its last known state when Max Wait passed. */
export interface SettledJob {
	kind: JobKind;
	job: ServiceJob;
	timedOut: boolean;
}

/** What an item's work may use: the API, the batch's gates and cancel signal, and the job register. */
export interface ItemTools {
	node: INode;
	client: ApiClient;
	signal: AbortSignal;
	/** When each waiting job is read; calls in flight follow the client's request budget. */
	reads: ReadScheduler;
	/** Runs a billed start, and refuses to start once the batch has failed. */
	start<T>(task: () => Promise<T>): Promise<T>;
	/** Records a job the service accepted, so that no error can lose its id. */
	registerJob(job: StartedJob): void;
	/** Records a start sent without a usable answer, so that no error can hide that it may be billed. */
	registerUnansweredStart(start: UnansweredStart): void;
	/** For operations that bill: remembers starts so that retries and repeated keys reuse their job. */
	starts?: StartRegister;
}

export interface WaitPreferences {
	maxWaitMs: number;
	/** A fixed interval instead of the service's recommended schedule. */
	fixedIntervalMs?: number;
	/** Another job starts once this one ends (Create's export), so its reads go before other reads. */
	beforeStart?: boolean;
}

export type WaitMode = 'none' | 'poll' | 'callback';

/** How an item wants its job handled, as its fields say. */
export interface JobSettings {
	waitMode: WaitMode;
	wait: WaitPreferences;
	simplify: boolean;
}

function isTerminal(status: string | undefined): boolean {
	return status === 'completed' || status === 'failed';
}

/**
 * A start that failed before it was sent, or that the service answered with an HTTP status, was
 * not billed; any other failure (no answer, an unreadable one) may have been.
 */
function mayHaveBeenBilled(error: unknown): boolean {
	if (error instanceof WaitCancelledError) return false;
	return !(error instanceof NodeApiError && error.httpCode);
}

/** A place among calls waiting for the rate limit: the longer the video, the sooner, as what follows it takes longest. */
function longestFirst(sizeSeconds: number | undefined): number {
	return -(sizeSeconds ?? 0);
}

/**
 * Starts a billed job once, and registers its id before anything else can fail. Among starts
 * waiting for the rate limit, longer videos go first: the batch's longest job decides its end.
 * `sizeSeconds` is the video's length when the body does not say it (an export).
 */
export async function startJob(
	tools: ItemTools,
	kind: JobKind,
	body: IDataObject,
	itemIndex: number,
	sizeSeconds = JOB_KINDS[kind].sizeSeconds(body),
): Promise<StartedJob> {
	const { startPath } = JOB_KINDS[kind];
	const order = longestFirst(sizeSeconds);
	let sent = false;
	const send = async (claim: () => void) =>
		await tools.start(async () => {
			claim();
			sent = true;
			return await tools.client.start<ServiceJob>(startPath, body, { itemIndex, order });
		});
	// The transport's error passes on unchanged; only its item is noted when it may have been billed.
	const outcome: StartOutcome = await (
		tools.starts
			? startOnce(tools.starts, tools.node, kind, itemIndex, send)
			: send(() => {}).then((answer) => ({ jobId: answer?.job_id, start: answer }))
	).catch((error: Error) => {
		if (sent && mayHaveBeenBilled(error)) tools.registerUnansweredStart({ kind, itemIndex, error });
		throw error;
	});
	if (outcome.reusedBy) {
		const reused: StartedJob = {
			kind,
			jobId: outcome.jobId,
			itemIndex,
			startedAt: Date.now(),
			reusedBy: outcome.reusedBy,
			sizeSeconds,
		};
		tools.registerJob(reused);
		try {
			reused.lastKnown = await readJob(tools, kind, outcome.jobId, itemIndex);
		} catch (error) {
			throw unreadableStatusError(kind, outcome.jobId, error as Error);
		}
		return reused;
	}
	const start = outcome.start;
	if (typeof start?.job_id !== 'string' || start.job_id === '') {
		const error = new NodeApiError(
			tools.node,
			{ endpoint: startPath },
			{
				message: `The service accepted the ${kind} request but sent no job ID`,
				description:
					'A job may have been started. It was not sent again, to avoid paying twice: check the dashboard before starting again.',
				itemIndex,
			},
		);
		tools.registerUnansweredStart({ kind, itemIndex, error });
		throw error;
	}
	const started: StartedJob = {
		kind,
		jobId: start.job_id,
		itemIndex,
		startedAt: Date.now(),
		start,
		sizeSeconds,
	};
	tools.registerJob(started);
	return started;
}

/** Reads a job's status once; `order` and `deadline` place the read among those waiting for the rate limit. */
export async function readJob(
	tools: ItemTools,
	kind: JobKind,
	jobId: string,
	itemIndex: number,
	queue: Pick<CallOptions, 'order' | 'deadline' | 'beforeStart'> = {},
): Promise<ServiceJob> {
	return await tools.client.get<ServiceJob>(JOB_KINDS[kind].statusPath(jobId), { itemIndex, ...queue });
}

/** A job that ended in `failed`: the message carries the job id and the service's code. */
function failedJobError(node: INode, kind: JobKind, job: ServiceJob, itemIndex: number): NodeOperationError {
	const code = job.error?.code ? normalizeCode(job.error.code) : 'UNKNOWN';
	const explanation = explainCode(code);
	const detail = job.error?.message ? `: ${job.error.message}` : '';
	return new NodeOperationError(node, `${JOB_KINDS[kind].label} job ${job.job_id} failed [${code}]${detail}`, {
		description: explanation
			? `${explanation.title}. ${explanation.fix}`
			: 'Start the job again; if it keeps failing, change its input.',
		itemIndex,
	});
}

/** A status that could not be read while waiting: the error keeps the job id. */
function unreadableStatusError(kind: JobKind, jobId: string, error: Error): Error {
	const described = error as Error & { description?: string | null };
	const note = `The ${kind} job ${jobId} was started; look up its status later with its job ID.`;
	described.description = described.description ? `${described.description}\n\n${note}` : note;
	return described;
}

/** How often a resting job looks whether what other jobs taught moved its read. */
const RECHECK_MS = 200;
/** Size of a job whose video length is not known. */
const DEFAULT_SIZE_SECONDS = 60;

/** Rests until the scheduler says the job is due, or until the deadline; returns the due time. */
async function restUntilDue(
	tools: ItemTools,
	entry: ScheduledRead,
	deadline: number,
	fixedIntervalMs: number | undefined,
): Promise<number> {
	const { reads } = tools;
	let seen = reads.version;
	let due = reads.nextReadAt(entry, fixedIntervalMs);
	for (;;) {
		const now = Date.now();
		if (due <= now || now >= deadline) return due;
		await waitFor(Math.min(due, deadline, now + RECHECK_MS) - now, tools.signal);
		if (reads.version !== seen) {
			seen = reads.version;
			due = reads.nextReadAt(entry, fixedIntervalMs);
		}
	}
}

/**
 * Polls until the job ends or Max Wait passes, when the read scheduler says the job is due and
 * the request budget has room. A failed job, or a status that could not be read (after the
 * transport's retries), becomes an error that names the job id.
 */
export async function waitUntilSettled(
	tools: ItemTools,
	started: StartedJob,
	preferences: WaitPreferences,
): Promise<SettledJob> {
	const { kind, jobId, itemIndex, startedAt } = started;
	const deadline = startedAt + preferences.maxWaitMs;
	let job = started.lastKnown;
	let timedOut = false;
	const entry = tools.reads.track({ kind, startedAt, size: started.sizeSeconds ?? DEFAULT_SIZE_SECONDS });
	try {
		for (;;) {
			if (job && isTerminal(job.status)) break;
			if (Date.now() >= deadline) {
				timedOut = true;
				break;
			}
			const due = await restUntilDue(tools, entry, deadline, preferences.fixedIntervalMs);
			let failure: Error | undefined;
			try {
				job = await readJob(tools, kind, jobId, itemIndex, {
					// A read another start waits on goes by video length; other reads go by due time.
					order: preferences.beforeStart ? longestFirst(entry.size) : due,
					deadline,
					beforeStart: preferences.beforeStart,
				});
			} catch (error) {
				if (!(error instanceof BudgetDeadlineError)) failure = error as Error;
			}
			if (tools.signal.aborted) throw new WaitCancelledError();
			if (failure) throw unreadableStatusError(kind, jobId, failure);
			tools.reads.observe(entry, Date.now(), job?.status === 'completed');
		}
	} finally {
		tools.reads.release(entry);
	}
	const settled: ServiceJob = job ?? { job_id: jobId, status: started.start?.status ?? 'pending' };
	if (settled.status === 'failed') throw failedJobError(tools.node, kind, settled, itemIndex);
	return { kind, job: settled, timedOut };
}

export function timedOutHint(kind: JobKind, jobId: string): string {
	return `Still running after Max Wait. Use ${JOB_KINDS[kind].statusOperation} with job ID ${jobId} to pick it up later.`;
}

/** The output of a start, without waiting. */
export function startedJobJson(kind: JobKind, start: ServiceJob, simplify: boolean): IDataObject {
	if (!simplify) return start as unknown as IDataObject;
	return compact({ kind, jobId: start.job_id, status: start.status, serviceEstimatedCredits: start.estimated_credits });
}

/** The output of a job waited for; a timed-out job keeps its id and last status. */
export function settledJobJson(settled: SettledJob, simplify: boolean, extra: IDataObject = {}): IDataObject {
	const { kind, job } = settled;
	const json: IDataObject = { ...(simplify ? simplifyJob(kind, job) : (job as unknown as IDataObject)), ...extra };
	if (settled.timedOut) {
		json.timedOut = true;
		json.hint = timedOutHint(kind, job.job_id);
	}
	return json;
}

/** Starts a job and, as the item's settings say, returns at once or polls until it ends. */
export async function runJob(
	tools: ItemTools,
	kind: JobKind,
	body: IDataObject,
	itemIndex: number,
	settings: JobSettings,
): Promise<IDataObject> {
	const started = await startJob(tools, kind, body, itemIndex);
	const reused: IDataObject = started.reusedBy ? { reusedJob: started.reusedBy } : {};
	if (settings.waitMode === 'none') {
		const json = started.start
			? startedJobJson(kind, started.start, settings.simplify)
			: settledJobJson({ kind, job: started.lastKnown as ServiceJob, timedOut: false }, settings.simplify);
		return { ...json, ...reused };
	}
	const settled = await waitUntilSettled(tools, started, settings.wait);
	const extra: IDataObject = { serviceEstimatedCredits: started.start?.estimated_credits, ...reused };
	if (kind === 'export') extra.videoId = body.video_id;
	return settledJobJson(settled, settings.simplify, extra);
}

/** Reads a job's status and, as the item's settings say, returns it or polls until the job ends. */
export async function checkJob(
	tools: ItemTools,
	kind: JobKind,
	jobId: string,
	itemIndex: number,
	settings: JobSettings,
): Promise<IDataObject> {
	const startedAt = Date.now();
	const current = await readJob(tools, kind, jobId, itemIndex);
	// Read once, the status is data, failed or not; waited for, a failure is an error.
	if (settings.waitMode === 'none') return settledJobJson({ kind, job: current, timedOut: false }, settings.simplify);
	const settled = await waitUntilSettled(
		tools,
		{ kind, jobId, itemIndex, startedAt, lastKnown: current },
		settings.wait,
	);
	return settledJobJson(settled, settings.simplify);
}
