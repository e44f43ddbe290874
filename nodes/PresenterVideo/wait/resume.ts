import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { settledJobJson } from '../jobs/output';
import type { StartedJob } from '../jobs/types';
import { isTerminal, JOB_KINDS } from '../service/jobKinds';
import type { JobKind, ServiceJob } from '../service/types';
import { createApiClient } from '../transport/client';

function callbackJobId(body: unknown): string | undefined {
	const jobId = (body as { job_id?: unknown } | undefined)?.job_id;
	return typeof jobId === 'string' && jobId.trim() !== '' ? jobId : undefined;
}

/** The paused batch, as n8n hands it back: the waiting node's input items. */
function waitingItems(context: IWebhookFunctions): INodeExecutionData[] {
	try {
		const items = context.evaluateExpression('{{ $input.all() }}', 0);
		return Array.isArray(items) ? (items as INodeExecutionData[]) : [];
	} catch {
		return [];
	}
}

function waitingJobs(items: INodeExecutionData[], kind: JobKind): WaitingJob[] {
	return items.flatMap((item, itemIndex) => {
		const { jobId, timedOut, estimatedCredits } = item.json ?? {};
		if (typeof jobId !== 'string' || timedOut !== true) return [];
		return [{ itemIndex, kind, jobId, estimatedCredits: Number(estimatedCredits) || 0 }];
	});
}

/** Every item's final output: a job's confirmed state, or the item as it was (an error item). */
function settledItems(
	items: INodeExecutionData[],
	ended: Map<number, ServiceJob>,
	simplify: boolean,
): INodeExecutionData[] {
	return items.map((item, itemIndex) => {
		const job = ended.get(itemIndex);
		if (!job) return { json: item.json, pairedItem: { item: itemIndex } };
		const kind = item.json.kind as JobKind;
		const extra: IDataObject = { estimatedCredits: item.json.estimatedCredits };
		if (kind === 'export') extra.videoId = item.json.videoId;
		return { json: settledJobJson({ kind, job, timedOut: false }, simplify, extra), pairedItem: { item: itemIndex } };
	});
}

function answer(context: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	context.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/**
 * A call from the service to the resume URL: one job of the batch has ended. Nothing this
 * function learns is kept between calls, so it decides from the service whether the whole batch
 * has ended, reading as few statuses as it can; only then does the execution go on, with every
 * item's state read from the service (the callback's own word is not taken as the result).
 */
export async function resumeFromCallback(
	context: IWebhookFunctions,
	kind: JobKind | undefined,
): Promise<IWebhookResponseData> {
	const body = context.getBodyData();
	const jobId = callbackJobId(body);
	// Nothing resumes: the execution keeps waiting for a proper callback or for Max Wait.
	if (!kind || !jobId) return answer(context, 400, { error: 'The callback body has no job_id' });
	const items = waitingItems(context);
	const jobs = waitingJobs(items, kind);
	// A call about a job this execution did not start costs no API call.
	if (!jobs.some((job) => job.jobId === jobId)) {
		return answer(context, 404, { error: 'No job with this job_id waits here' });
	}
	const reported = body.status;
	if (typeof reported === 'string' && !isTerminal(reported)) return { webhookResponse: { received: true } };

	return await inTurn(context.getExecutionId(), async (alreadyResumed) => {
		if (alreadyResumed) return { webhookResponse: { received: true } };
		const client = await createApiClient(context);
		let ended: Map<number, ServiceJob> | undefined;
		try {
			ended = await readAllIfEnded(
				probeOrder(jobs, isTerminal(reported) ? jobId : undefined),
				async (job) => await client.get<ServiceJob>(JOB_KINDS[job.kind].statusPath(job.jobId)),
			);
		} catch (error) {
			// The execution keeps waiting; the service delivers the callback again after a failure.
			context.logger.warn(`Presenter Video: a job's status could not be read (${(error as Error).message})`);
			return answer(context, 503, { error: 'The job states could not be read; the execution keeps waiting' });
		}
		if (!ended) return { webhookResponse: { received: true } };
		markResumed(context.getExecutionId());
		const simplify = context.getNodeParameter('simplify', true) as boolean;
		return { webhookResponse: { received: true }, workflowData: [settledItems(items, ended, simplify)] };
	});
}

/** A job of a paused batch, as its waiting item records it. */
export type WaitingJob = Pick<StartedJob, 'itemIndex' | 'kind' | 'jobId'> & {
	/** The start's estimate: a longer video costs more and takes longer. */
	estimatedCredits: number;
};

/** Reads, in flight at once, at the widest step of a sweep. */
const MAX_WAVE = 16;

/**
 * The order in which to look for an unfinished job: the one expected to end last first (the
 * costliest, then the latest started). A job whose own callback just said it ended goes last.
 */
export function probeOrder(jobs: WaitingJob[], reportedEnded?: string): WaitingJob[] {
	const expectedLastFirst = [...jobs].sort(
		(a, b) => b.estimatedCredits - a.estimatedCredits || b.itemIndex - a.itemIndex,
	);
	if (reportedEnded === undefined) return expectedLastFirst;
	return [
		...expectedLastFirst.filter((job) => job.jobId !== reportedEnded),
		...expectedLastFirst.filter((job) => job.jobId === reportedEnded),
	];
}

/**
 * Reads jobs in `order` until one is unfinished: one read first, then waves twice as wide, so a
 * batch still running costs a single read and a finished batch is read in a few round trips.
 * Returns every job's final state, or undefined as soon as one job is still running.
 */
export async function readAllIfEnded(
	order: WaitingJob[],
	read: (job: WaitingJob) => Promise<ServiceJob>,
): Promise<Map<number, ServiceJob> | undefined> {
	const ended = new Map<number, ServiceJob>();
	let wave = 1;
	for (let position = 0; position < order.length; position += wave, wave = Math.min(wave * 2, MAX_WAVE)) {
		const batch = order.slice(position, position + wave);
		const states = await Promise.all(batch.map(async (job) => await read(job)));
		if (states.some((state) => !isTerminal(state?.status))) return undefined;
		batch.forEach((job, index) => ended.set(job.itemIndex, states[index]));
	}
	return ended;
}

/**
 * Callbacks of one paused execution, handled one at a time in this n8n process. Two callbacks that
 * both find the batch finished would otherwise both resume it: n8n 2.x refuses the second resume
 * itself, n8n 1.x does not. Handled in turn, the later one sees the execution already resumed and
 * costs no API call. Several n8n processes (queue mode with many webhook processors) each have
 * their own gate; there n8n 2.x's own check is what holds.
 */

/** How long an execution resumed here is remembered: longer than any callback retry. */
const RESUMED_MEMORY_MS = 60 * 60_000;

const MAX_REMEMBERED = 1000;

const queues = new Map<string, Promise<unknown>>();

const resumed = new Map<string, number>();

function forgetOld(now: number): void {
	for (const [executionId, at] of resumed) {
		if (now - at < RESUMED_MEMORY_MS && resumed.size <= MAX_REMEMBERED) break;
		resumed.delete(executionId);
	}
}

/** Runs `task` after the callbacks of the same execution already being handled here. */
async function inTurn<T>(executionId: string, task: (alreadyResumed: boolean) => Promise<T>): Promise<T> {
	const previous = queues.get(executionId) ?? Promise.resolve();
	const current = previous.then(
		async () => await task(resumed.has(executionId)),
		async () => await task(resumed.has(executionId)),
	);
	const settled = current.catch(() => undefined);
	queues.set(executionId, settled);
	try {
		return await current;
	} finally {
		if (queues.get(executionId) === settled) queues.delete(executionId);
	}
}

/** Marks the execution as resumed by this process. */
function markResumed(executionId: string, now = Date.now()): void {
	forgetOld(now);
	resumed.set(executionId, now);
}
