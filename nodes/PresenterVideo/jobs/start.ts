import { type IDataObject, type INode, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { startOnce, type StartOutcome } from '../billing/startOnce';
import { JOB_KINDS } from '../service/jobKinds';
import type { ExportJob, JobKind, ServiceJob } from '../service/types';
import type { CallOptions } from '../transport/client';
import { neverReachedService, refusalStatus } from '../transport/errors';
import { WaitCancelledError } from '../schedule/time';
import { addNote } from './output';
import type { ItemTools, StartedJob } from './types';

/** Only a start that was never sent, or got an HTTP status back, is known not to be billed. */
function mayHaveBeenBilled(error: unknown): boolean {
	if (error instanceof WaitCancelledError || neverReachedService(error)) return false;
	return !(error instanceof NodeApiError && error.httpCode);
}

/** Says on the error of a start the service refused that nothing was started or billed for it. */
export function noteRefusedStart(error: unknown, what: string): void {
	const status = refusalStatus(error);
	if (error instanceof NodeApiError && status !== undefined)
		addNote(error, `The service refused ${what} (HTTP ${status}): nothing was started or billed for it.`);
}

/** A place among calls waiting for the rate limit: the longer the video, the sooner, as what follows it takes longest. */
export function longestFirst(sizeSeconds: number | undefined): number {
	return -(sizeSeconds ?? 0);
}

/** Starts a billed job once, registering its id first; `sizeSeconds` is the length an export body lacks. */
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
	// Claimed as it leaves: a start cancelled while waiting for the rate limit keeps its Idempotency Key free.
	const send = async (claim: () => void) =>
		await tools.start(
			async () =>
				await tools.client.start<ServiceJob>(startPath, body, {
					itemIndex,
					order,
					onSend: () => {
						if (sent) return;
						claim();
						sent = true;
					},
				}),
		);
	// The transport's error passes on unchanged; only its item is noted when it may have been billed.
	const outcome: StartOutcome = await (
		tools.starts
			? startOnce(tools.starts, tools.node, kind, itemIndex, send)
			: send(() => {}).then((answer) => ({ jobId: answer?.job_id, start: answer }))
	).catch((error: Error) => {
		if (sent && mayHaveBeenBilled(error)) tools.registerUnansweredStart({ kind, itemIndex, error });
		else if (sent) noteRefusedStart(error, `the ${kind} start of item ${itemIndex}`);
		throw error;
	});
	const { jobId, start, reusedBy } = outcome;
	if (!reusedBy && (typeof start?.job_id !== 'string' || start.job_id === '')) {
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
	const started: StartedJob = { kind, jobId, itemIndex, startedAt: Date.now(), start, reusedBy, sizeSeconds, body };
	tools.registerJob(started);
	if (!reusedBy) return started;
	try {
		started.lastKnown = await readJob(tools, kind, jobId, itemIndex);
	} catch (error) {
		throw unreadableStatusError(kind, jobId, error as Error);
	}
	return started;
}

/** Reads a job's status once; `order` and `deadline` place the read among those waiting for the rate limit. */
export async function readJob(
	tools: ItemTools,
	kind: JobKind,
	jobId: string,
	itemIndex: number,
	queue: Pick<CallOptions, 'order' | 'deadline' | 'beforeStart' | 'notBefore' | 'signal'> = {},
): Promise<ServiceJob> {
	try {
		return await tools.client.get<ServiceJob>(JOB_KINDS[kind].statusPath(jobId), { itemIndex, ...queue });
	} catch (error) {
		throw kind === 'export' ? unknownExportError(tools.node, jobId, error, itemIndex) : error;
	}
}

/** The service answers 500 internal_error, not 404, for an unknown export id (already retried here). */
function unknownExportError(node: INode, jobId: string, error: unknown, itemIndex: number): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '500') return error;
	return new NodeApiError(
		node,
		{ httpCode: 500, code: 'internal_error', jobId },
		{
			message: `The service does not know export job ${jobId}: its status answers 500 internal_error, as it does for unknown export IDs`,
			description:
				'Check the job ID: map the jobId output of Export (an export job, not a generation job). If the ID is right, the service had an internal error: try again in a few minutes.',
			httpCode: '500',
			itemIndex,
		},
	);
}

/** The MP4's address of a completed export; the service may complete an export whose render gave none. */
export function exportedFileUrl(node: INode, job: ExportJob, itemIndex: number): string {
	const url = job.result?.video_url;
	if (typeof url === 'string' && url !== '') return url;
	throw new NodeOperationError(node, `Export job ${job.job_id} completed without a download URL`, {
		description:
			'The service reported the export as completed but its render gave no file. Start the export again (Video > Export with the same video ID); if it keeps happening, contact the service with this job ID.',
		itemIndex,
	});
}

/** A status that could not be read while waiting: the error keeps the job id. */
export function unreadableStatusError(kind: JobKind, jobId: string, error: Error): Error {
	addNote(error, `The ${kind} job ${jobId} was started; look up its status later with its job ID.`);
	return error;
}
