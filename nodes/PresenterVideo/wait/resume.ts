import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { settledJobJson } from '../jobs/output';
import type { StartedJob } from '../jobs/types';
import { isTerminal, JOB_KINDS } from '../service/jobKinds';
import type { JobKind, ServiceJob } from '../service/types';
import { BudgetDeadlineError } from '../transport/budget';
import { type CallOptions, createApiClient } from '../transport/client';
import { waitFor } from '../transport/time';
import {
	endedState,
	inTurn,
	markResumed,
	noteCallback,
	rememberEnded,
	rememberLookedInto,
	rememberReported,
	reportedState,
	wasLookedInto,
	wasPausedHere,
} from './batchMemory';

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

export function waitingJobs(items: INodeExecutionData[], kind: JobKind): WaitingJob[] {
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

/** How long a completed generation's status may lag behind its callback before the callback is taken at its word. */
const CONFIRM_MS = 5_000;

const CONFIRM_STEP_MS = 250;

/** How long a callback's read may wait for room in the request budget. */
const CALLBACK_READ_WAIT_MS = 2_000;

/**
 * How a callback's reads use the request budget. A process answering callbacks for a batch it did
 * not pause (in queue mode, main or a webhook processor) has few calls of its own in a window the
 * workers fill, and a callback's reads cannot wait at the pace of so few: they go whenever the
 * window has room. Where the batch was paused (n8n in one process, or several sharing a workspace
 * and each answering its own callbacks), they keep to the process's share, as all its calls do.
 */
function callbackReads(executionId: string): CallOptions {
	return wasPausedHere(executionId) ? {} : { outsideShare: true };
}

/**
 * A completed generation as its callback tells it. The service sends the callback from inside the
 * job, before its status says completed, and the status turns only once the delivery is answered.
 */
export function reportedCompletion(kind: JobKind, body: IDataObject): ServiceJob | undefined {
	const result = body.result as { video_id?: unknown } | undefined;
	if (kind !== 'generation' || body.status !== 'completed' || typeof result?.video_id !== 'string') return undefined;
	if (result.video_id === '') return undefined;
	return { job_id: String(body.job_id), status: 'completed', result } as ServiceJob;
}

/**
 * A job's final state, or its running state: what the service says, waited for a moment when the
 * job's own callback (answered by now) said it completed, and the callback's word when the status
 * still lags after that.
 */
async function readWaitingJob(
	executionId: string,
	job: WaitingJob,
	calledBack: string,
	read: (job: WaitingJob) => Promise<ServiceJob>,
): Promise<ServiceJob> {
	const known = endedState(executionId, job.jobId);
	if (known) return known;
	let state = await read(job);
	const reported = reportedState(executionId, job.jobId);
	if (!isTerminal(state?.status) && reported && job.jobId === calledBack) {
		const until = Date.now() + CONFIRM_MS;
		while (!isTerminal(state?.status) && Date.now() < until) {
			await waitFor(CONFIRM_STEP_MS);
			state = await read(job);
		}
	}
	if (!isTerminal(state?.status) && reported) state = reported;
	if (isTerminal(state?.status)) rememberEnded(executionId, state);
	return state;
}

/**
 * A call from the service to the resume URL: one job of the batch has ended. The call is answered
 * at once (the service's job cannot finish before its delivery is answered), then the batch is
 * looked at, reading as few statuses as it can; the execution goes on once every job has ended,
 * with every item's state read from the service, or a completed generation's callback where its
 * status still lags.
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

	const executionId = context.getExecutionId();
	noteCallback(executionId);
	const completion = reportedCompletion(kind, body);
	if (completion) rememberReported(executionId, completion);
	answer(context, 200, { received: true });

	return await inTurn(executionId, async (alreadyResumed) => {
		if (alreadyResumed) return { noWebhookResponse: true };
		// The service may deliver a callback more than once. Where the batch was not paused (main or a
		// webhook processor in queue mode), reads go outside the share, unpaced: a copy of a callback
		// already looked into tells nothing new, and reading again for each copy would fill the window.
		// The batch's watch, which has read every job ended, is no copy.
		const reads = callbackReads(executionId);
		const copy = body.watch !== true && reads.outsideShare === true && wasLookedInto(executionId, jobId);
		if (copy) return { noWebhookResponse: true };
		const client = await createApiClient(context);
		// With the request budget full, a callback reads nothing: the batch's watch reads once the
		// service has been silent, instead of every callback queueing behind the limit in turn.
		const unread = jobs.some((job) => endedState(executionId, job.jobId) === undefined);
		if (unread && !client.budget.window.hasRoom(Date.now(), reads)) return { noWebhookResponse: true };
		const read = async (job: WaitingJob) =>
			await client.get<ServiceJob>(JOB_KINDS[job.kind].statusPath(job.jobId), {
				...reads,
				deadline: Date.now() + CALLBACK_READ_WAIT_MS,
			});
		let ended: Map<number, ServiceJob> | undefined;
		try {
			ended = await readAllIfEnded(
				probeOrder(jobs, isTerminal(reported) ? jobId : undefined),
				async (job) => await readWaitingJob(executionId, job, jobId, read),
			);
		} catch (error) {
			// The execution keeps waiting: the watch of the paused batch reads it again later.
			if (!(error instanceof BudgetDeadlineError)) {
				context.logger.warn(`Presenter Video: a job's status could not be read (${(error as Error).message})`);
			}
			return { noWebhookResponse: true };
		}
		if (!ended) {
			rememberLookedInto(executionId, jobId);
			return { noWebhookResponse: true };
		}
		markResumed(executionId);
		const simplify = context.getNodeParameter('simplify', true) as boolean;
		return { noWebhookResponse: true, workflowData: [settledItems(items, ended, simplify)] };
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
