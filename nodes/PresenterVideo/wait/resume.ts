import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { settledJobJson } from '../jobs/output';
import type { StartedJob } from '../jobs/types';
import { isTerminal, JOB_KINDS } from '../service/jobKinds';
import type { JobKind, ServiceJob } from '../service/types';
import { BudgetDeadlineError } from '../schedule/budget';
import { type ApiClient, createApiClient } from '../transport/client';
import { restFor } from '../schedule/time';
import { batchKey, batchMemory, type BatchMemory, inTurn, markResumed } from './batchMemory';
import { n8nVouchesForCallbacks, nodeCallbackUrl } from './callbackUrl';
import { decisionBoundMs } from './pauseHold';
import { TIMING } from '../timing';

/** Marks a callback this node delivered again: it is not delivered a third time. */
const DELIVERED_AGAIN = 'x-presenter-video-delivered-again';

function callbackJobId(body: unknown): string | undefined {
	const jobId = (body as { job_id?: unknown } | undefined)?.job_id;
	return typeof jobId === 'string' && jobId.trim() !== '' ? jobId : undefined;
}

/**
 * The paused batch: the waiting node's input items, which `pauseForCallbacks` replaced by the
 * started jobs. `IWebhookFunctions` has no `getInputData()`, but `$input.all()` reads them (n8n-core
 * 2.41.1 and 1.123.81; the workflow tests and the end-to-end pause scenarios fail if that changes).
 */
function waitingItems(context: IWebhookFunctions): INodeExecutionData[] {
	try {
		const items = context.evaluateExpression('{{ $input.all() }}', 0);
		return Array.isArray(items) ? (items as INodeExecutionData[]) : [];
	} catch {
		return [];
	}
}

/** A job of a paused batch, as its waiting item records it. */
export type WaitingJob = Pick<StartedJob, 'itemIndex' | 'kind' | 'jobId'> & {
	/** The start's estimate: a longer video costs more and takes longer. */
	estimatedCredits: number;
};

function waitingJobs(items: INodeExecutionData[], kind: JobKind): WaitingJob[] {
	return items.flatMap((item, itemIndex) => {
		const { jobId, timedOut, estimatedCredits } = item.json ?? {};
		if (typeof jobId !== 'string' || timedOut !== true) return [];
		return [{ itemIndex, kind, jobId, estimatedCredits: Number(estimatedCredits) || 0 }];
	});
}

/** Every item's final output: a job's final state, or the item as it was (an error item). */
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

/**
 * Every item's final state once all of a batch's jobs have ended, read from the service; undefined
 * while one runs (a single read, in `probeOrder`). A held pause asks before it waits: n8n refused the
 * callbacks of jobs that ended during the hold, and the service may have given up on them.
 */
export async function settledBeforePause(
	context: IExecuteFunctions,
	client: ApiClient,
	items: INodeExecutionData[],
	kind: JobKind,
): Promise<INodeExecutionData[] | undefined> {
	const read = async (job: WaitingJob) => await client.get<ServiceJob>(JOB_KINDS[job.kind].statusPath(job.jobId));
	const ended = await readAllIfEnded(probeOrder(waitingJobs(items, kind)), read);
	return ended && settledItems(items, ended, context.getNodeParameter('simplify', 0, true) as boolean);
}

function answer(context: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	context.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/** A completed generation as its callback tells it: its status turns only once the delivery is answered. */
function reportedCompletion(kind: JobKind, body: IDataObject): ServiceJob | undefined {
	const result = body.result as { video_id?: unknown } | undefined;
	if (kind !== 'generation' || body.status !== 'completed' || typeof result?.video_id !== 'string') return undefined;
	if (result.video_id === '') return undefined;
	return { job_id: String(body.job_id), status: 'completed', result } as ServiceJob;
}

/**
 * A call from the service to this node's resume address: one job of the batch has ended. It is
 * answered at once (the job cannot finish before its delivery is answered). A completed
 * generation's callback is its result: it names a job only the service and this execution know
 * (n8n 2.x also checked the resume token). Failures and jobs no callback here named are read, after
 * a moment of grace, so a run of callbacks reads once, at its end; the callback that accounts for
 * the last job resumes at once. n8n 1.x resumes on every copy that finds the execution waiting, on
 * any webhook process, so there a callback that finds a job completed after its own leaves the batch
 * to that job's callback. A call that cannot decide within its bound (`pauseHold.ts`) resumes
 * nothing and delivers its callback again, so a new call decides.
 */
export async function resumeFromCallback(
	context: IWebhookFunctions,
	kind: JobKind | undefined,
): Promise<IWebhookResponseData> {
	const began = Date.now();
	const body = context.getBodyData();
	const jobId = callbackJobId(body);
	// Nothing resumes: the node keeps waiting for a proper callback or for Max Wait.
	if (!kind || !jobId) return answer(context, 400, { error: 'The callback body has no job_id' });
	const items = waitingItems(context);
	const jobs = waitingJobs(items, kind);
	const decideBy = began + decisionBoundMs(jobs.length);
	// A call about a job this node is not waiting for costs no API call.
	if (!jobs.some((job) => job.jobId === jobId)) {
		return answer(context, 404, { error: 'No job with this job_id waits here' });
	}
	if (typeof body.status === 'string' && !isTerminal(body.status)) return answer(context, 200, { received: true });

	// This pause's own memory: a node paused again in the same execution waits with other jobs.
	const batch = batchKey(context.getExecutionId(), context.getNode().id, jobs[0].jobId);
	const memory = batchMemory(batch);
	// A callback this node delivered again is not a new one: a callback of the batch waiting out its
	// moment of grace still decides.
	const deliveredAgain = context.getHeaderData()[DELIVERED_AGAIN] !== undefined;
	const callback = deliveredAgain ? memory.callbacks : ++memory.callbacks;
	memory.calledBack.add(jobId);
	const completion = reportedCompletion(kind, body);
	if (completion) memory.ended.set(jobId, completion);
	answer(context, 200, { received: true });

	let client: Promise<ApiClient> | undefined;
	if (jobs.some((job) => !memory.ended.has(job.jobId))) {
		// Reading the credential can take a while on a busy n8n: done during the moment of grace, it
		// leaves the decision's bound to the reads.
		client = createApiClient(context);
		const ready = await Promise.allSettled([client, restFor(TIMING.callbackGraceMs)]);
		if (memory.callbacks !== callback) return { noWebhookResponse: true };
		if (ready[0].status === 'rejected') throw ready[0].reason;
	}
	const endedByCallback = isTerminal(body.status as string) ? jobId : undefined;
	// Where n8n checks the resume token (2.x) it resumes a waiting execution once by itself.
	const leavesToLaterJobs = !n8nVouchesForCallbacks(context);
	const clientOf = async () => await (client ??= createApiClient(context));
	const decision: Decision = {
		memory,
		items,
		jobs,
		endedByCallback,
		deliveredAgain,
		leavesToLaterJobs,
		decideBy,
		clientOf,
	};
	return await inTurn(batch, async () => await settleIfEnded(context, decision));
}

/** What a callback brings to the decision on its batch. */
interface Decision {
	memory: BatchMemory;
	items: INodeExecutionData[];
	jobs: WaitingJob[];
	endedByCallback: string | undefined;
	/** The callback is one this node delivered again (`DELIVERED_AGAIN`). */
	deliveredAgain: boolean;
	leavesToLaterJobs: boolean;
	/** Epoch ms on this process's clock: past it, the call hands nothing to n8n. */
	decideBy: number;
	/** The client the call reads with, built once, when first needed. */
	clientOf: () => Promise<ApiClient>;
}

/**
 * A call too late to decide hands nothing to n8n, and with one delivery per callback its batch would
 * wait for Max Wait. So it delivers its callback again, once: n8n loads the execution afresh and the
 * new call decides within a bound of its own. That call answers before deciding, and its answer is
 * awaited, so nothing of this call runs on after it returns.
 */
async function deliverAgain(context: IWebhookFunctions, deliveredAgain: boolean): Promise<IWebhookResponseData> {
	if (!deliveredAgain) {
		try {
			await context.helpers.httpRequest({
				method: 'POST',
				url: nodeCallbackUrl(context),
				body: context.getBodyData(),
				json: true,
				headers: { [DELIVERED_AGAIN]: '1' },
				timeout: TIMING.redeliveryTimeoutMs,
				ignoreHttpStatusErrors: true,
			});
		} catch (error) {
			context.logger.warn(
				`Presenter Video: a callback that decided too late could not be delivered again (${(error as Error).message}); the batch waits for its next callback or Max Wait`,
			);
		}
	}
	return { noWebhookResponse: true };
}

/**
 * Reads the jobs no callback here accounted for, and hands every item's final state to n8n once all
 * have ended, by the call's deadline; past it, the callback is delivered again. Runs in turn with
 * the batch's other calls in this process; what it read stays known for the next callback.
 */
async function settleIfEnded(context: IWebhookFunctions, decision: Decision): Promise<IWebhookResponseData> {
	const { memory, items, jobs, endedByCallback, deliveredAgain, leavesToLaterJobs, decideBy, clientOf } = decision;
	if (memory.resumed) return { noWebhookResponse: true };
	if (Date.now() > decideBy) return await deliverAgain(context, deliveredAgain);
	// A job's final state, or its running state: known here, or read from the service.
	const read = async (job: WaitingJob) => {
		const known = memory.ended.get(job.jobId);
		if (known) return known;
		const path = JOB_KINDS[job.kind].statusPath(job.jobId);
		const state = await (await clientOf()).get<ServiceJob>(path, { deadline: decideBy });
		if (isTerminal(state?.status)) memory.ended.set(job.jobId, state);
		return state;
	};
	let ended: Map<number, ServiceJob> | undefined;
	try {
		ended = await readAllIfEnded(probeOrder(jobs, endedByCallback), read);
	} catch (error) {
		// No room in the rate limit before the bound: a delivery later may find some.
		if (error instanceof BudgetDeadlineError) return await deliverAgain(context, deliveredAgain);
		// The node keeps waiting: the next callback reads again, Max Wait bounds the wait.
		context.logger.warn(`Presenter Video: a job's status could not be read (${(error as Error).message})`);
		return { noWebhookResponse: true };
	}
	if (!ended) return { noWebhookResponse: true };
	if (leavesToLaterJobs && endedByCallback !== undefined) {
		// A job whose callback came here was left by its own handler to a later callback here.
		const elsewhere = jobs.filter((job) => job.jobId === endedByCallback || !memory.calledBack.has(job.jobId));
		if (completedLater(elsewhere, ended, endedByCallback)) return { noWebhookResponse: true };
	}
	// Too late to resume safely: the execution may wait elsewhere by now (pauseHold.ts).
	if (Date.now() > decideBy) return await deliverAgain(context, deliveredAgain);
	markResumed(memory);
	const simplify = context.getNodeParameter('simplify', true) as boolean;
	return { noWebhookResponse: true, workflowData: [settledItems(items, ended, simplify)] };
}

function completedAt(job: ServiceJob | undefined): number | undefined {
	if (job?.status !== 'completed') return undefined;
	const at = Date.parse(String((job.result as { created_at?: unknown } | undefined)?.created_at));
	return Number.isNaN(at) ? undefined : at;
}

/**
 * Whether another of `jobs` completed after the one whose callback this is (by `created_at`; a tie
 * goes to the greater job id). That job's own callback resumes the batch, so this one leaves it:
 * n8n 1.x would let both resumes through on different webhook processes.
 */
export function completedLater(jobs: WaitingJob[], ended: Map<number, ServiceJob>, callbackJob: string): boolean {
	const own = jobs.find((job) => job.jobId === callbackJob);
	const ownAt = completedAt(own && ended.get(own.itemIndex));
	if (own === undefined || ownAt === undefined) return false;
	return jobs.some((job) => {
		const at = completedAt(ended.get(job.itemIndex));
		return job !== own && at !== undefined && (at > ownAt || (at === ownAt && job.jobId > callbackJob));
	});
}

/** The job expected to end last first (the costliest, then the latest started); one just reported ended last. */
export function probeOrder(jobs: WaitingJob[], reportedEnded?: string): WaitingJob[] {
	const reportedLast = (job: WaitingJob) => Number(job.jobId === reportedEnded);
	return [...jobs].sort(
		(a, b) => reportedLast(a) - reportedLast(b) || b.estimatedCredits - a.estimatedCredits || b.itemIndex - a.itemIndex,
	);
}

/**
 * Every job's final state, read in `order` in waves of 1, 2, 4 … reads, or undefined as soon as one
 * runs: a batch still running costs one read, a finished one a few round trips.
 */
export async function readAllIfEnded(
	order: WaitingJob[],
	read: (job: WaitingJob) => Promise<ServiceJob>,
): Promise<Map<number, ServiceJob> | undefined> {
	const ended = new Map<number, ServiceJob>();
	let wave = 1;
	for (let position = 0; position < order.length; position += wave, wave = Math.min(wave * 2, TIMING.widestWave)) {
		const batch = order.slice(position, position + wave);
		const states = await Promise.all(batch.map(async (job) => await read(job)));
		if (states.some((state) => !isTerminal(state?.status))) return undefined;
		batch.forEach((job, index) => ended.set(job.itemIndex, states[index]));
	}
	return ended;
}
