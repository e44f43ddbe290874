import { type IExecuteFunctions, type INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import { guardBatchCredits, settleCredits, startRegister } from '../billing/batch';
import type { ItemBilling } from '../billing/fields';
import { InputError, toNodeError } from '../input/validation';
import { logCancelledRun } from '../jobs/cancelLog';
import { errorItem, withStartedJobs } from '../jobs/output';
import { ReadScheduler } from '../schedule/readScheduler';
import { startJob } from '../jobs/start';
import type { ItemTools, StartedJob, UnansweredStart } from '../jobs/types';
import { JOB_KINDS } from '../service/jobKinds';
import type { JobKind } from '../service/types';
import { createApiClient } from '../transport/client';
import { combineSignals, WaitCancelledError } from '../schedule/time';
import { nodeCallbackUrl } from '../wait/callbackUrl';
import { pauseMaxWaitMs } from '../wait/fields';
import { assertNoWebhookUrl, assertResumeReachable, pauseForCallbacks, waitingItemJson } from '../wait/pause';
import * as avatar from './avatar/Avatar.resource';
import type { PresenterVideoType } from './node.type';
import * as script from './script/Script.resource';
import type { JobStart } from './video/jobOperations';
import * as video from './video/Video.resource';
import * as voice from './voice/Voice.resource';

/** What every operation file exports besides its fields. */
export interface Operation<Prepared = unknown> {
	/** Reads and checks one item's fields; runs for every item before any request is sent. */
	prepare(this: IExecuteFunctions, itemIndex: number): Prepared;
	/** Does one item's requests; the items of a run work side by side. */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		prepared: Prepared,
		tools: ItemTools,
	): Promise<INodeExecutionData[]>;
	/** The job an operation starts when it can pause the execution until the service calls back. */
	pausesForJob?: JobKind;
	/** For operations that bill: the item's estimated credits and Idempotency Key. */
	billing?(prepared: Prepared): ItemBilling;
}

const OPERATIONS: { [R in keyof PresenterVideoType]: Record<PresenterVideoType[R], Operation> } = {
	voice,
	avatar,
	script,
	video,
};

function findOperation(resource: string, operation: string): Operation | undefined {
	const operations = OPERATIONS[resource as keyof PresenterVideoType] as Record<string, Operation> | undefined;
	return operations?.[operation];
}

/** The job kind whose callback resumes the execution, for the node's resume webhook. */
export function pausingJobKind(resource: string, operation: string): JobKind | undefined {
	return findOperation(resource, operation)?.pausesForJob;
}

type PreparedItem = { ok: true; value: unknown } | { ok: false };

/** Checks every item's fields before anything is sent; a failure stops the run unless Continue On Fail. */
function prepareItems(
	context: IExecuteFunctions,
	operation: Operation,
	outputs: INodeExecutionData[][],
): PreparedItem[] {
	const node = context.getNode();
	return context.getInputData().map((_, itemIndex) => {
		try {
			return { ok: true, value: operation.prepare.call(context, itemIndex) };
		} catch (error) {
			const nodeError = error instanceof InputError ? toNodeError(node, error, itemIndex) : (error as Error);
			if (!context.continueOnFail()) throw nodeError;
			outputs[itemIndex] = [errorItem(node, nodeError, itemIndex, [])];
			return { ok: false };
		}
	});
}

/** A cancel naming every job and unanswered start, else the first failure naming those it does not. */
function runEndingError(
	context: IExecuteFunctions,
	fatal: Error | undefined,
	jobs: StartedJob[],
	unanswered: UnansweredStart[],
): Error | undefined {
	if (context.getExecutionCancelSignal()?.aborted) {
		const cancelled = withStartedJobs(
			new NodeOperationError(context.getNode(), 'The execution was cancelled while waiting for the service'),
			jobs,
			unanswered,
		);
		// n8n keeps no node's error for a stopped execution: its log is where these jobs reach a person.
		if (jobs.length > 0 || unanswered.length > 0) logCancelledRun(context, cancelled);
		return cancelled;
	}
	if (!fatal) return undefined;
	return withStartedJobs(
		fatal,
		jobs.filter((job) => !fatal.message.includes(job.jobId)),
		unanswered.filter((start) => start.error !== fatal),
	);
}

/** Runs the operation over all items side by side, once every item is checked. */
async function runItems(this: IExecuteFunctions, operation: Operation): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const outputs: INodeExecutionData[][] = this.getInputData().map(() => []);
	const prepared = prepareItems(this, operation, outputs);
	if (!prepared.some((entry) => entry.ok)) return outputs.flat();

	const billings = prepared.map((entry) => (entry.ok ? operation.billing?.(entry.value) : undefined));
	const billed = operation.billing !== undefined;
	if (billed) guardBatchCredits(this, billings);
	const starts = billed ? startRegister(this, billings) : undefined;

	const controller = new AbortController();
	const signal = combineSignals(this.getExecutionCancelSignal(), controller);
	const client = await createApiClient(this);
	const jobs: StartedJob[] = [];
	const unanswered: UnansweredStart[] = [];
	let fatal: Error | undefined;

	const tools: ItemTools = {
		node,
		client,
		signal,
		reads: new ReadScheduler(
			() => client.budget.window,
			(key) => client.budget.reconsider(key),
		),
		start: async (task) => {
			if (signal.aborted) throw new WaitCancelledError();
			return await task();
		},
		registerJob: (job) => jobs.push(job),
		registerUnansweredStart: (start) => unanswered.push(start),
		starts,
	};

	await Promise.all(
		prepared.map(async (entry, itemIndex) => {
			if (!entry.ok) return;
			try {
				const results = await operation.execute.call(this, itemIndex, entry.value, tools);
				outputs[itemIndex] = results.map((result) => ({ ...result, pairedItem: { item: itemIndex } }));
			} catch (caught) {
				if (caught instanceof WaitCancelledError && signal.aborted) return;
				const error = caught instanceof InputError ? toNodeError(node, caught, itemIndex) : (caught as Error);
				if (this.continueOnFail()) {
					const itemJobs = jobs.filter((job) => job.itemIndex === itemIndex);
					outputs[itemIndex] = [errorItem(node, error, itemIndex, itemJobs)];
					return;
				}
				fatal ??= error;
				controller.abort();
			}
		}),
	);

	const ending = runEndingError(this, fatal, jobs, unanswered);
	if (ending) throw ending;
	// No retry follows a run that returns: its retry entries can go.
	starts?.ledger.settle();
	if (billed) settleCredits(this, outputs, billings);
	return outputs.flat();
}

/** Starts every item's job with this node's resume address as webhook, then pauses, holding no worker. */
async function startAndPause(
	this: IExecuteFunctions,
	operation: Operation<JobStart>,
	kind: JobKind,
): Promise<INodeExecutionData[]> {
	const began = Date.now();
	const node = this.getNode();
	const callbackUrl = nodeCallbackUrl(this);
	// One wait for the whole batch: the longest any item allows.
	let maxWaitMs = 0;
	const starting: Operation<JobStart> = {
		billing: operation.billing,
		prepare(itemIndex) {
			const prepared = operation.prepare.call(this, itemIndex);
			assertNoWebhookUrl(node, prepared.body, itemIndex);
			const { wait } = prepared.settings;
			const videoSeconds = JOB_KINDS[kind].sizeSeconds(prepared.body) ?? 0;
			maxWaitMs = Math.max(maxWaitMs, wait.maxWaitGiven ? wait.maxWaitMs : pauseMaxWaitMs(videoSeconds));
			return prepared;
		},
		async execute(itemIndex, { body }, tools) {
			const started = await startJob(tools, kind, { ...body, webhook_url: callbackUrl }, itemIndex);
			return [{ json: waitingItemJson(started, body) }];
		},
	};
	const client = await createApiClient(this);
	assertResumeReachable(node, callbackUrl, client);
	const started = await runItems.call(this, starting);
	return await pauseForCallbacks(this, kind, started, { maxWaitMs, began, client });
}

/**
 * Where a paused execution cannot hand its results back, the node polls, and says why.
 * - A tool call cannot be resumed: n8n names the node's type plus `Tool` (2.41.1 and 1.123.81; 2.x
 *   also `isToolExecution()`).
 * - A sub-workflow runs in mode `integrated` (1.x and 2.x). A caller waiting for a paused child gets
 *   the first child's items when it runs once per item (2.0.3 to 2.41.1), its own items on 1.x; the
 *   child cannot tell how its caller runs, so every sub-workflow polls.
 */
function whyNotPause(context: IExecuteFunctions): string | undefined {
	if (context.isToolExecution?.() === true || context.getNode().type.endsWith('Tool')) {
		return 'Run as a tool, the node polls instead of pausing: an agent cannot wait for a callback.';
	}
	if (context.getMode() === 'integrated') {
		return 'Run in a sub-workflow, the node polls instead of pausing: a paused sub-workflow hands its caller one result per call, not one per item.';
	}
	return undefined;
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resource}" is not supported`);
	}

	// Only generations pause: the service's code never calls back for an export, which is short and polled.
	const pauses =
		operation.pausesForJob === 'generation' && this.getNodeParameter('waitForCompletion', 0) === 'callback';
	const pauseRefused = pauses ? whyNotPause(this) : undefined;
	if (pauses && pauseRefused === undefined) {
		return [await startAndPause.call(this, operation as Operation<JobStart>, operation.pausesForJob as JobKind)];
	}
	if (pauseRefused !== undefined) this.addExecutionHints?.({ message: pauseRefused, location: 'outputPane' });

	const items = await runItems.call(this, operation);
	const timedOut = items.filter((item) => item.json.timedOut === true).length;
	if (timedOut > 0) {
		this.addExecutionHints({
			message: `${timedOut} job(s) were still running after Max Wait. Their items carry the job ID and timedOut: true; check them later with a Get Status operation.`,
			location: 'outputPane',
		});
	}
	return [items];
}
