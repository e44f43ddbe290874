import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { createApiClient, type ApiClient } from '../transport/client';
import { isTerminal, probeOrder, readAllIfEnded, type WaitingJob } from './callbackSettle';
import { JOB_KINDS } from './jobKinds';
import { settledJobJson, startedJobJson, timedOutHint, type StartedJob } from './jobs';
import { unreachableResumeHost } from './resumeReach';
import { inTurn, markResumed } from './resumeGate';
import type { JobKind, ServiceJob } from './types';

/** n8n's address for resuming this execution, handed to the service as every job's webhook. */
export function resumeUrlOf(context: IExecuteFunctions): string {
	return String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0));
}

/** Refuses a batch before anything starts when the service could not call n8n back. */
export function assertResumeReachable(node: INode, resumeUrl: string, client: ApiClient): void {
	const host = unreachableResumeHost(resumeUrl, client.apiRoot);
	if (host === undefined) return;
	throw new NodeOperationError(
		node,
		`The service cannot call this n8n back: its resume address is on ${host}, which is not reachable from ${new URL(client.apiRoot).hostname}`,
		{
			description:
				'Set Wait for Completion to Poll Until Done, or give n8n a public address (its WEBHOOK_URL setting) so that the service can reach it. Nothing was started.',
		},
	);
}

/** Pausing gives the service n8n's own address; a Webhook URL of the user's would replace it. */
export function assertNoWebhookUrl(node: INode, body: IDataObject, itemIndex: number): void {
	if (body.webhook_url === undefined) return;
	throw new NodeOperationError(node, 'Webhook URL cannot be set while pausing for the callback', {
		description:
			'The node gives the service its own resume address. Remove the Webhook URL option, or choose another Wait for Completion mode.',
		itemIndex,
	});
}

/**
 * What an item holds while its job runs. If Max Wait passes, n8n passes the node's input items on
 * unchanged, so this is also what the item becomes then: the job id, marked as timed out.
 */
export function waitingItemJson(started: StartedJob, body: IDataObject): IDataObject {
	const { kind, jobId } = started;
	const json: IDataObject = { ...startedJobJson(kind, started.start as ServiceJob, true) };
	if (kind === 'export') json.videoId = body.video_id;
	return { ...json, timedOut: true, hint: timedOutHint(kind, jobId) };
}

/**
 * Pauses the execution until the service has called back for every job, or Max Wait passes. The
 * input items are replaced in place by the started jobs (n8n keeps them with the waiting execution
 * and hands them to `webhook()`); what the node returns is only shown while it waits.
 */
export async function pauseForCallbacks(
	context: IExecuteFunctions,
	started: INodeExecutionData[],
	maxWaitMs: number,
): Promise<INodeExecutionData[]> {
	// Nothing started (every item failed and Continue On Fail is on): nothing to wait for.
	if (!started.some((item) => item.json.timedOut === true)) return started;
	const items = context.getInputData();
	items.splice(0, items.length, ...started);
	await context.putExecutionToWait(new Date(Date.now() + maxWaitMs));
	return started.map((item) => {
		if (item.json.timedOut !== true) return item;
		const json: IDataObject = { ...item.json, waitingForCallback: true };
		delete json.timedOut;
		delete json.hint;
		return { ...item, json };
	});
}

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
