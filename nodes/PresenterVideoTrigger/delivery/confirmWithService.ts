import type { IWebhookFunctions } from 'n8n-workflow';

import { fetchJobStatus, type StatusLookup } from '../transport/fetchJobStatus';
import { confirmEvent } from './confirmEvent';
import type { Deadline } from './deadline';
import { DELIVERY_LIMITS } from './limits';
import type { ReplyName } from './replies';
import type { JobEvent, JobKind } from './types';

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

/** The event as the service reports it, or the reply that ends the delivery without a start. */
export async function confirmWithService(
	context: IWebhookFunctions,
	event: JobEvent,
	deadline: Deadline,
): Promise<{ event: JobEvent & { kind: JobKind } } | { reply: ReplyName }> {
	const confirmation = await confirmEvent(
		event,
		async (kind) => await lookupWithinDeadline(context, kind, event.jobId, deadline),
	);
	if (confirmation.verdict === 'confirmed') return { event: confirmation.event };
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
