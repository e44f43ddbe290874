import { type IDataObject, type INode, type INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { compact } from '../input/requestBodies';
import { JOB_KINDS } from '../service/jobKinds';
import type { JobKind, ServiceJob } from '../service/types';
import type { SettledJob, StartedJob, UnansweredStart } from './types';

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

/** Flat, predictable fields for the next node (a spreadsheet row, a social post). */
function simplifyJob(kind: JobKind, job: ServiceJob): IDataObject {
	const details = JOB_KINDS[kind].details(job);
	// The service may still report a completed job's last progress and step (20, REDIRECTING).
	if (job.status === 'completed') {
		details.progress = 100;
		delete details.currentStep;
	}
	return compact({
		kind,
		jobId: job.job_id,
		status: job.status,
		...details,
		error: job.error ? { code: job.error.code, message: job.error.message } : undefined,
	});
}

export type ErrorWithDescription = Error & { description?: string | null };

export function addNote(error: ErrorWithDescription, note: string): void {
	error.description = error.description ? `${error.description}\n\n${note}` : note;
}

/** Names the jobs started and the starts that may have been billed without an answer. */
export function withStartedJobs(
	error: ErrorWithDescription,
	jobs: StartedJob[],
	unanswered: UnansweredStart[] = [],
): Error {
	if (jobs.length > 0) {
		const names = jobs.map((job) => `${job.jobId} (${job.kind}, item ${job.itemIndex})`).join(', ');
		addNote(error, `Jobs this node started on the service, which are not stopped by this error: ${names}.`);
	}
	if (unanswered.length > 0) {
		const starts = unanswered.map((start) => `- item ${start.itemIndex} (${start.kind}): ${start.error.message}`);
		addNote(
			error,
			[
				'Starts sent that brought back no job ID, which may have been billed. They were not sent again; check the dashboard before starting them again:',
				...starts,
			].join('\n'),
		);
	}
	return error;
}

/**
 * An item's error as its output, with the ids of the jobs it started. On the error output n8n keeps
 * only the message (n8n-core 2.41.1 and 1.123.81, `WorkflowExecute.normalizeNodeErrors` and
 * `handleNodeErrorOutput`), so there the message names the jobs.
 */
export function errorItem(node: INode, error: Error, itemIndex: number, jobs: StartedJob[]): INodeExecutionData {
	const pairedItem = { item: itemIndex };
	const description = (error as ErrorWithDescription).description ?? undefined;
	if (node.onError === 'continueErrorOutput') {
		const unnamed = jobs.filter((job) => !error.message.includes(job.jobId));
		const message = unnamed.length
			? `${error.message} (started: ${unnamed.map((job) => `${job.kind} job ${job.jobId}`).join(', ')})`
			: error.message;
		const itemError =
			error instanceof NodeApiError && unnamed.length === 0
				? error
				: new NodeOperationError(node, message, { description, itemIndex });
		return { json: { error: message }, error: itemError, pairedItem };
	}
	const json: IDataObject = { error: error.message };
	if (description) json.errorDescription = description;
	const last = jobs[jobs.length - 1];
	if (last) {
		json.jobId = last.jobId;
		json.jobs = jobs.map((job) => ({ jobId: job.jobId, kind: job.kind }));
	}
	return { json, pairedItem };
}
