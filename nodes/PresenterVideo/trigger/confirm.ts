import type { IWebhookFunctions } from 'n8n-workflow';

import { JOB_KINDS } from '../service/jobKinds';
import { isRecord, type JobKind } from '../service/types';
import { createApiClient } from '../transport/client';
import { parseErrorBody } from '../transport/errors';
import { restFor } from '../schedule/time';
import { BOTH_KINDS, type JobEvent, readOutcome } from './event';
import { type Deadline, DELIVERY_LIMITS, type ReplyName } from './request';

export type Confirmation =
	| { verdict: 'confirmed'; event: JobEvent & { kind: JobKind } }
	/** The service's code calls back for a completed generation before its status says so. */
	| { verdict: 'lagging'; kind: JobKind }
	| { verdict: 'contradicted'; reason: 'unknown-job' | 'other-status' | 'other-job' }
	| { verdict: 'unavailable'; cause: string };

/** A kind named by task or result is asked alone; a guess from the id prefix, or none, tries both. */
export function kindsToTry({ kind, kindSource }: JobEvent): readonly JobKind[] {
	if (kind === undefined) return BOTH_KINDS;
	return kindSource === 'prefix' ? [kind, ...BOTH_KINDS.filter((other) => other !== kind)] : [kind];
}

/** A completed generation's callback whose job the service still reports running: the delivery comes first. */
function statusLags(event: JobEvent, kind: JobKind, reportedStatus: string | undefined): boolean {
	return (
		kind === 'generation' &&
		event.status === 'completed' &&
		(reportedStatus === 'processing' || reportedStatus === 'pending')
	);
}

/** The delivery holds only if the service reports the same job in the same final status. */
export function compareWithStatus(event: JobEvent, kind: JobKind, body: Record<string, unknown>): Confirmation {
	const reportedId = typeof body.job_id === 'string' ? body.job_id.trim() : undefined;
	if (reportedId !== undefined && reportedId !== event.jobId) return { verdict: 'contradicted', reason: 'other-job' };
	const reportedStatus = typeof body.status === 'string' ? body.status.trim().toLowerCase() : undefined;
	if (reportedId !== undefined && statusLags(event, kind, reportedStatus)) return { verdict: 'lagging', kind };
	if (reportedStatus !== event.status) return { verdict: 'contradicted', reason: 'other-status' };

	// From here on the service's own answer is the truth: it replaces what the delivery said.
	const confirmed: JobEvent & { kind: JobKind } = {
		jobId: event.jobId,
		status: event.status,
		kind,
		kindSource: 'status',
		...readOutcome(event.status, body),
	};
	if (event.task !== undefined) confirmed.task = event.task;
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

async function lookupWithinDeadline(
	context: IWebhookFunctions,
	kind: JobKind,
	jobId: string,
	deadline: Deadline,
): Promise<StatusLookup> {
	const timeout = deadline.callTimeout(DELIVERY_LIMITS.confirmTimeoutMs);
	if (timeout === undefined) return { outcome: 'unavailable', cause: 'no time left before the answer is due' };
	try {
		return await fetchJobStatus(context, kind, jobId, timeout);
	} catch (error) {
		// getCredentials throws when no credential is selected: logged, never sent to the caller.
		return { outcome: 'unavailable', cause: (error as Error).message };
	}
}

/** The verdict that lets the delivery go on (a lagging job: see `confirmAfterAnswer`), or the reply that ends it. */
export async function confirmWithService(
	context: IWebhookFunctions,
	event: JobEvent,
	deadline: Deadline,
): Promise<Extract<Confirmation, { verdict: 'confirmed' | 'lagging' }> | { reply: ReplyName }> {
	const confirmation = await confirmEvent(
		event,
		async (kind) => await lookupWithinDeadline(context, kind, event.jobId, deadline),
	);
	if (confirmation.verdict === 'confirmed' || confirmation.verdict === 'lagging') return confirmation;
	if (confirmation.verdict === 'unavailable') {
		context.logger.warn(
			`Presenter Video Trigger: could not confirm job ${event.jobId} (${confirmation.cause}); the service will retry`,
		);
		return { reply: 'confirmUnavailable' };
	}
	context.logger.info(
		`Presenter Video Trigger: the service does not confirm job ${event.jobId} as ${event.status} (${confirmation.reason}); nothing started`,
	);
	return { reply: 'notConfirmed' };
}

/** After the answer, reads the status until it confirms the event (or not, or the bound passes). */
export async function confirmAfterAnswer(
	context: IWebhookFunctions,
	event: JobEvent,
	kind: JobKind,
): Promise<(JobEvent & { kind: JobKind }) | undefined> {
	const until = Date.now() + DELIVERY_LIMITS.confirmAfterAnswerMs;
	for (;;) {
		const answer = await fetchJobStatus(context, kind, event.jobId, DELIVERY_LIMITS.confirmTimeoutMs);
		if (answer.outcome === 'unknown-job') return undefined;
		if (answer.outcome === 'found') {
			const confirmation = compareWithStatus(event, kind, answer.body);
			if (confirmation.verdict === 'confirmed') return confirmation.event;
			if (confirmation.verdict !== 'lagging') return undefined;
		}
		if (Date.now() + DELIVERY_LIMITS.confirmStepMs >= until) return undefined;
		await restFor(DELIVERY_LIMITS.confirmStepMs);
	}
}

export type StatusLookup =
	| { outcome: 'found'; body: Record<string, unknown> }
	/** 404, or 403 for a job of another space: the credential's space does not know the job. */
	| { outcome: 'unknown-job' }
	/** The answer says nothing about the job: network, time-out, 5xx, 429, a rejected key. */
	| { outcome: 'unavailable'; cause: string };

/** One status call in `timeoutMs`, via the shared request budget; not retried: the delivery's retry is the next try. */
async function fetchJobStatus(
	context: IWebhookFunctions,
	kind: JobKind,
	jobId: string,
	timeoutMs: number,
): Promise<StatusLookup> {
	const client = await createApiClient(context).catch(() => undefined);
	if (client === undefined) return { outcome: 'unavailable', cause: 'the credential has no valid Base URL' };
	const read = await client.readOnce(JOB_KINDS[kind].statusPath(jobId), Date.now() + timeoutMs);
	if (read.type === 'unavailable') return { outcome: 'unavailable', cause: read.cause };
	const { status, body } = read;
	// 403 also means "plan_required"; only a job-level refusal proves the job is not ours.
	if (status === 404 || (status === 403 && parseErrorBody(body).code === 'UNAUTHORIZED_JOB'))
		return { outcome: 'unknown-job' };
	if (status < 200 || status >= 300) return { outcome: 'unavailable', cause: `HTTP ${status}` };
	return isRecord(body) ? { outcome: 'found', body } : { outcome: 'unavailable', cause: 'unreadable answer' };
}
