import { deepCopy } from 'n8n-workflow';
import type { IRunExecutionData } from 'n8n-workflow';

import { findExecution } from './execution-store';
import type { WorkflowRunResult } from './run-result';
import { startExecution } from './start-execution';
import { handleWaitingWebhook } from './waiting-webhooks';
import { exchange } from './webhook-http';
import type { CapturedResponse, WebhookRequest } from './webhook-http';

export interface ResumeRequest extends Omit<WebhookRequest, 'body'> {
	/** Path after the execution id (`<resumeUrl path>/<suffix>`), matched against the restart webhook's path. */
	suffix?: string;
}

export type ResumedRunResult = WorkflowRunResult & {
	/** What the caller of the resume URL got back (unset for a time-based resume). */
	resumeResponse?: CapturedResponse;
};

/** n8n refused the resume call (bad signature, unknown, running or finished execution, no restart webhook). */
export class ResumeRefusedError extends Error {
	constructor(readonly response: CapturedResponse) {
		super(`Resume call refused with HTTP ${response.status}: ${response.text}`);
	}
}

/**
 * Continues an execution that a node paused with `putExecutionToWait`.
 *
 * - With a body (or request): calls the execution's resume URL over real HTTP, as the service
 *   would, and resumes it the way n8n's WaitingWebhooks does (see `handleWaitingWebhook`):
 *   the waiting node's restart webhook receives the request and its items become the node's
 *   output. The URL keeps `?signature=` from `paused.resumeUrl`; override `query` to test a
 *   forged call.
 * - Without either: resumes as n8n's WaitTracker does when `waitTill` passes: the waiting node
 *   is skipped and passes its input items on.
 */
export async function resumeExecution(
	paused: WorkflowRunResult,
	webhookBody?: unknown,
	request?: ResumeRequest,
): Promise<ResumedRunResult> {
	if (webhookBody === undefined && request === undefined) return await resumeAtWaitTill(paused);

	const resumeUrl = new URL(paused.resumeUrl);
	const target = request?.suffix ? `${resumeUrl.pathname}/${request.suffix}` : resumeUrl.pathname;
	const query = request?.query ?? Object.fromEntries(resumeUrl.searchParams);
	const { response, handled } = await exchange(
		target,
		{ ...request, query, method: (request?.method ?? 'POST').toUpperCase(), body: webhookBody },
		async (req, res) => await handleWaitingWebhook(req, res, paused.executionId, request?.suffix),
	);
	const resumed = await handled;
	if (!resumed) throw new ResumeRefusedError(response);
	return { ...resumed, resumeResponse: response };
}

async function resumeAtWaitTill(paused: WorkflowRunResult): Promise<ResumedRunResult> {
	const stored = findExecution(paused.executionId);
	if (stored?.status !== 'waiting' || !stored.run) {
		throw new Error(`Execution ${paused.executionId} is not waiting (status: ${stored?.status ?? 'unknown'})`);
	}
	const runExecutionData = deepCopy(stored.run.data) as IRunExecutionData;
	const running = await startExecution(stored.setup, () => runExecutionData, { resumed: true });
	return await running.result;
}
