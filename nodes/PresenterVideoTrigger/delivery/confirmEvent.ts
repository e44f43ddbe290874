import type { StatusLookup } from '../transport/fetchJobStatus';
import { readError, readResult } from './classifyDelivery';
import type { JobEvent, JobKind } from './types';

export type Confirmation =
	| { verdict: 'confirmed'; event: JobEvent & { kind: JobKind } }
	| { verdict: 'contradicted'; reason: 'unknown-job' | 'other-status' | 'other-job' }
	| { verdict: 'unavailable'; cause: string };

const OTHER_KIND: Record<JobKind, JobKind> = { generation: 'export', export: 'generation' };

/** A kind named by task or result is asked alone; a guess from the id prefix, or none, tries both. */
export function kindsToTry(event: JobEvent): JobKind[] {
	if (event.kind === undefined) return ['generation', 'export'];
	return event.kindSource === 'prefix' ? [event.kind, OTHER_KIND[event.kind]] : [event.kind];
}

/** The delivery holds only if the service reports the same job in the same final status. */
export function compareWithStatus(event: JobEvent, kind: JobKind, body: Record<string, unknown>): Confirmation {
	const reportedId = typeof body.job_id === 'string' ? body.job_id.trim() : undefined;
	if (reportedId !== undefined && reportedId !== event.jobId) return { verdict: 'contradicted', reason: 'other-job' };
	const reportedStatus = typeof body.status === 'string' ? body.status.trim().toLowerCase() : undefined;
	if (reportedStatus !== event.status) return { verdict: 'contradicted', reason: 'other-status' };

	// From here on the service's own answer is the truth: it replaces what the delivery said.
	const confirmed: JobEvent & { kind: JobKind } = {
		jobId: event.jobId,
		status: event.status,
		kind,
		kindSource: 'status',
	};
	if (event.task !== undefined) confirmed.task = event.task;
	const result = event.status === 'completed' ? readResult(body.result) : undefined;
	const error = event.status === 'failed' ? readError(body.error) : undefined;
	if (result !== undefined) confirmed.result = result;
	if (error !== undefined) confirmed.error = error;
	return { verdict: 'confirmed', event: confirmed };
}

/** Asks the status endpoint(s) until one knows the job; `lookup` does the HTTP. */
export async function confirmEvent(
	event: JobEvent,
	lookup: (kind: JobKind) => Promise<StatusLookup>,
): Promise<Confirmation> {
	for (const kind of kindsToTry(event)) {
		const answer = await lookup(kind);
		if (answer.outcome === 'unavailable') return { verdict: 'unavailable', cause: answer.cause };
		if (answer.outcome === 'found') return compareWithStatus(event, kind, answer.body);
	}
	return { verdict: 'contradicted', reason: 'unknown-job' };
}
