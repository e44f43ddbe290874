import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { createApiClient } from '../transport/client';
import { InputError, toNodeError } from './inputError';
import { JOB_KINDS, simplifyJob } from './jobKinds';
import { startedJobJson, timedOutHint } from './jobs';
import type { JobKind, ServiceJob } from './types';

/**
 * Starts one job with n8n's resume URL as its webhook, then pauses the execution until the service
 * calls it (handled by `resumeFromCallback`) or Max Wait passes.
 */
export async function startAndPause(
	context: IExecuteFunctions,
	kind: JobKind,
	prepare: () => { body: IDataObject; maxWaitMs: number },
): Promise<INodeExecutionData[]> {
	const node = context.getNode();
	const items = context.getInputData();
	let body: IDataObject;
	let maxWaitMs: number;
	try {
		({ body, maxWaitMs } = prepare());
	} catch (error) {
		if (error instanceof InputError) throw toNodeError(node, error, 0);
		throw new NodeOperationError(node, error as Error, { itemIndex: 0 });
	}
	if (items.length !== 1) {
		throw new NodeOperationError(
			node,
			`Pausing for the callback handles one item per execution, and this run has ${items.length}`,
			{
				description:
					'Set Wait for Completion to Poll Until Done to wait for many jobs side by side, or start the jobs without waiting and catch their ends with the Presenter Video Trigger node.',
			},
		);
	}
	if (body.webhook_url !== undefined) {
		throw new NodeOperationError(node, 'Webhook URL cannot be set while pausing for the callback', {
			description:
				'The node gives the service its own resume address. Remove the Webhook URL option, or choose another Wait for Completion mode.',
		});
	}
	const resumeUrl = String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0));
	const client = await createApiClient(context);
	const start = await client.start<ServiceJob>(
		JOB_KINDS[kind].startPath,
		{ ...body, webhook_url: resumeUrl },
		{ itemIndex: 0 },
	);

	// If Max Wait passes without a callback, n8n passes this node's input item on unchanged: the
	// item is replaced first, so what continues is the job id with a way to pick the job up later.
	items[0] = {
		json: { ...startedJobJson(kind, start, true), timedOut: true, hint: timedOutHint(kind, start.job_id) },
		pairedItem: { item: 0 },
	};
	await context.putExecutionToWait(new Date(Date.now() + maxWaitMs));
	return [{ json: { ...startedJobJson(kind, start, true), waitingForCallback: true }, pairedItem: { item: 0 } }];
}

function callbackJobId(body: unknown): string | undefined {
	const jobId = (body as { job_id?: unknown } | undefined)?.job_id;
	return typeof jobId === 'string' && jobId.trim() !== '' ? jobId : undefined;
}

/**
 * The service's call to the resume URL. The job's state is read back from the status endpoint, so
 * the output is the service's own word, not the callback's.
 */
export async function resumeFromCallback(
	context: IWebhookFunctions,
	kind: JobKind | undefined,
): Promise<IWebhookResponseData> {
	const jobId = callbackJobId(context.getBodyData());
	const response = context.getResponseObject();
	if (!kind || !jobId) {
		// Nothing resumes: the execution keeps waiting for a proper callback or for Max Wait.
		response.status(400).json({ error: 'The callback body has no job_id' });
		return { noWebhookResponse: true };
	}
	const client = await createApiClient(context);
	const job = await client.get<ServiceJob>(JOB_KINDS[kind].statusPath(jobId));
	const simplify = context.getNodeParameter('simplify', true) as boolean;
	const json: IDataObject = simplify ? simplifyJob(kind, job) : (job as unknown as IDataObject);
	return { webhookResponse: { received: true }, workflowData: [[{ json, pairedItem: { item: 0 } }]] };
}
