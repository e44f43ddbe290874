import { NodeApiError, NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { ENDPOINTS } from '../transport/endpoints';
import { explainCode, normalizeCode } from '../transport/errorCatalog';
import type { ItemTools } from './itemRunner';
import { waitForJob, type AnyJob, type WaitOutcome } from './jobWaiter';
import type { JobKind, StartResponse } from './types';

export interface WaitPreferences {
	maxWaitMs: number;
	fixedIntervalMs?: number;
}

export interface StartedJob {
	kind: JobKind;
	jobId: string;
	startedAt: number;
	start: StartResponse;
	/** The requested video length, which the read scheduler uses to expect the job's end. */
	sizeSeconds?: number;
}

/** Starts a billed job once, and registers its id before anything else can fail. */
export async function startJob(
	node: INode,
	tools: ItemTools,
	kind: JobKind,
	body: IDataObject,
	itemIndex: number,
): Promise<StartedJob> {
	const start = await tools.start(
		async () => await tools.client.start<StartResponse>(ENDPOINTS.start[kind], body, { itemIndex }),
	);
	if (typeof start?.job_id !== 'string' || start.job_id === '') {
		throw new NodeApiError(
			node,
			{ endpoint: ENDPOINTS.start[kind] },
			{
				message: `The service accepted the ${kind} request but sent no job ID`,
				description:
					'A job may have been started. It was not sent again, to avoid paying twice: check the dashboard before starting again.',
				itemIndex,
			},
		);
	}
	tools.registerJob({ jobId: start.job_id, itemIndex, kind });
	const sizeSeconds = typeof body.duration === 'number' ? body.duration : undefined;
	return { kind, jobId: start.job_id, startedAt: Date.now(), start, sizeSeconds };
}

export async function awaitJob(
	tools: ItemTools,
	job: { kind: JobKind; jobId: string; startedAt: number; lastKnown?: AnyJob; sizeSeconds?: number },
	itemIndex: number,
	preferences: WaitPreferences,
): Promise<WaitOutcome> {
	return await waitForJob(tools.client, { ...job, itemIndex }, { ...preferences, signal: tools.signal }, tools.reads);
}

const KIND_LABEL: Record<JobKind, string> = { generation: 'Generation', export: 'Export' };

/** A job that ended in `failed`: the message carries the job id and the service's code. */
export function failedJobError(node: INode, kind: JobKind, job: AnyJob, itemIndex: number): NodeOperationError {
	const code = job.error?.code ? normalizeCode(job.error.code) : 'UNKNOWN';
	const explanation = explainCode(code);
	const detail = job.error?.message ? `: ${job.error.message}` : '';
	return new NodeOperationError(node, `${KIND_LABEL[kind]} job ${job.job_id} failed [${code}]${detail}`, {
		description: explanation
			? `${explanation.title}. ${explanation.fix}`
			: 'Start the job again; if it keeps failing, change its input.',
		itemIndex,
	});
}

/** A status that could not be read while waiting: the error keeps the job id. */
export function unreadableStatusError(kind: JobKind, jobId: string, error: Error): Error {
	const described = error as Error & { description?: string | null };
	const note = `The ${kind} job ${jobId} was started; look up its status later with its job ID.`;
	described.description = described.description ? `${described.description}\n\n${note}` : note;
	return described;
}

export function timedOutHint(kind: JobKind, jobId: string): string {
	const operation = kind === 'generation' ? 'Get Generation Status' : 'Get Export Status';
	return `Still running after Max Wait. Use ${operation} with job ID ${jobId} to pick it up later.`;
}

export interface SettledJob {
	job: AnyJob;
	timedOut: boolean;
}

/**
 * The job's final state, or its last known state when Max Wait passed. A failed job or an
 * unreadable status becomes an error that names the job id.
 */
export function settleOutcome(
	node: INode,
	outcome: WaitOutcome,
	started: StartedJob | undefined,
	itemIndex: number,
): SettledJob {
	const { kind, jobId } = outcome.target;
	if (outcome.error) throw unreadableStatusError(kind, jobId, outcome.error);
	const job: AnyJob = outcome.job ?? { job_id: jobId, status: started?.start.status ?? 'pending' };
	if (job.status === 'failed') throw failedJobError(node, kind, job, itemIndex);
	return { job, timedOut: outcome.timedOut };
}
