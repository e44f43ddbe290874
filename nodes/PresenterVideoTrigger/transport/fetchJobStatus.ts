import type { IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';

import { JOB_KINDS } from '../../PresenterVideo/helpers/jobKinds';
import { parseErrorBody } from '../../PresenterVideo/transport/apiError';
import { resolveApiRoot, sendApiRequest } from '../../PresenterVideo/transport/apiRequest';
import { answerOf, budgetForContext } from '../../PresenterVideo/transport/budgetForContext';
import { networkCause } from '../../PresenterVideo/transport/networkError';
import { unwrapObject } from '../../PresenterVideo/transport/responseShape';
import type { JobKind } from '../delivery/types';

export type StatusLookup =
	| { outcome: 'found'; body: Record<string, unknown> }
	/** 404, or 403 for a job of another space: the credential's space does not know the job. */
	| { outcome: 'unknown-job' }
	/** The answer says nothing about the job: network, time-out, 5xx, 429, a rejected key. */
	| { outcome: 'unavailable'; cause: string };

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One status call, bounded by `timeoutMs` from start to end of the body, and never retried here:
 * the service retries the delivery itself, which gives the check another chance. It waits for
 * room in the workspace's request budget, shared with the action node, within that same bound.
 */
export async function fetchJobStatus(
	context: IWebhookFunctions,
	kind: JobKind,
	jobId: string,
	timeoutMs: number,
): Promise<StatusLookup> {
	let apiRoot: string;
	try {
		apiRoot = await resolveApiRoot(context);
	} catch {
		return { outcome: 'unavailable', cause: 'the credential has no valid Base URL' };
	}

	const deadline = Date.now() + timeoutMs;
	const budget = await budgetForContext(context, apiRoot);
	const permit = await budget.acquire({ priority: 'read', deadline });
	if (!permit) return { outcome: 'unavailable', cause: 'the rate limit left no room in time' };

	let response: IN8nHttpFullResponse;
	try {
		const leftMs = Math.max(deadline - Date.now(), 1);
		response = await sendApiRequest(context, apiRoot, {
			method: 'GET',
			endpoint: JOB_KINDS[kind].statusPath(jobId),
			timeoutMs: leftMs,
			abortSignal: AbortSignal.timeout(leftMs),
		});
		permit.finish(answerOf(response.statusCode, response.headers as Record<string, unknown>));
	} catch (error) {
		permit.finish({ type: 'unknown' });
		return { outcome: 'unavailable', cause: networkCause(error) };
	}

	const { statusCode } = response;
	if (statusCode === 404 || statusCode === 403) {
		// 403 also means "plan_required"; only a job-level refusal proves the job is not ours.
		if (statusCode === 404 || parseErrorBody(response.body).code === 'UNAUTHORIZED_JOB')
			return { outcome: 'unknown-job' };
	}
	if (statusCode < 200 || statusCode >= 300) return { outcome: 'unavailable', cause: `HTTP ${statusCode}` };
	const body = unwrapObject<unknown>(response.body);
	return isRecord(body) ? { outcome: 'found', body } : { outcome: 'unavailable', cause: 'unreadable answer' };
}
