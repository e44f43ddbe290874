import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { createApiClient, type ApiClient } from '../transport/client';
import { Semaphore } from './concurrency';
import { InputError, toNodeError } from './inputError';
import { WaitCancelledError } from '../transport/wait';

/** Billed starts in flight at once: enough to start a batch quickly, few enough for rate limits. */
const START_CONCURRENCY = 5;
/** Status calls in flight at once across all jobs being waited for. */
const STATUS_CONCURRENCY = 5;

export interface StartedJobRecord {
	jobId: string;
	itemIndex: number;
	kind: string;
}

/** What an item's work may use: the API, shared gates, the cancel signal, and the job register. */
export interface ItemTools {
	client: ApiClient;
	signal: AbortSignal;
	statusConcurrency: Semaphore;
	/** Runs a billed start under the start gate, and refuses to start once the batch has failed. */
	start<T>(task: () => Promise<T>): Promise<T>;
	/** Records a job the service accepted, so that no error can lose its id. */
	registerJob(job: StartedJobRecord): void;
}

export interface ItemWork<Prepared> {
	/** Reads and checks the item's fields; runs for every item before any request is sent. */
	prepare(itemIndex: number): Prepared;
	/** Does the item's requests; all items run side by side. */
	run(itemIndex: number, prepared: Prepared, tools: ItemTools): Promise<INodeExecutionData[]>;
}

type ErrorWithDescription = Error & { description?: string | null };

function describeJobs(jobs: StartedJobRecord[]): string {
	return jobs.map((job) => `${job.jobId} (${job.kind}, item ${job.itemIndex})`).join(', ');
}

function withStartedJobs(error: ErrorWithDescription, jobs: StartedJobRecord[]): Error {
	if (jobs.length === 0) return error;
	const note = `Jobs this node started on the service, which are not stopped by this error: ${describeJobs(jobs)}.`;
	error.description = error.description ? `${error.description}\n\n${note}` : note;
	return error;
}

function errorItem(error: Error, itemIndex: number, jobs: StartedJobRecord[]): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const description = (error as ErrorWithDescription).description;
	if (description) json.errorDescription = description;
	const last = jobs[jobs.length - 1];
	if (last) {
		json.jobId = last.jobId;
		json.jobs = jobs.map((job) => ({ jobId: job.jobId, kind: job.kind }));
	}
	return { json, pairedItem: { item: itemIndex } };
}

function combineSignals(external: AbortSignal | undefined, internal: AbortController): AbortSignal {
	if (external) {
		if (external.aborted) internal.abort();
		else external.addEventListener('abort', () => internal.abort(), { once: true });
	}
	return internal.signal;
}

/**
 * Runs an operation over all input items: every item is checked before anything is sent, then
 * all items work side by side. With Continue On Fail an item's error becomes its output;
 * otherwise the first error stops the batch, and names every job already started.
 */
export async function runItems<Prepared>(
	context: IExecuteFunctions,
	work: ItemWork<Prepared>,
): Promise<INodeExecutionData[]> {
	const items = context.getInputData();
	const node = context.getNode();
	const continueOnFail = context.continueOnFail();
	const outputs: INodeExecutionData[][] = items.map(() => []);

	const prepared: Array<{ ok: true; value: Prepared } | { ok: false }> = items.map((_, itemIndex) => {
		try {
			return { ok: true, value: work.prepare(itemIndex) };
		} catch (error) {
			const nodeError = error instanceof InputError ? toNodeError(node, error, itemIndex) : (error as Error);
			if (!continueOnFail) throw nodeError;
			outputs[itemIndex] = [errorItem(nodeError, itemIndex, [])];
			return { ok: false };
		}
	});
	if (!prepared.some((entry) => entry.ok)) return outputs.flat();

	const client = await createApiClient(context);
	const controller = new AbortController();
	const signal = combineSignals(context.getExecutionCancelSignal(), controller);
	const startConcurrency = new Semaphore(START_CONCURRENCY);
	const jobs: StartedJobRecord[] = [];
	let fatal: Error | undefined;

	const tools: ItemTools = {
		client,
		signal,
		statusConcurrency: new Semaphore(STATUS_CONCURRENCY),
		start: async (task) =>
			await startConcurrency.use(async () => {
				if (signal.aborted) throw new WaitCancelledError();
				return await task();
			}),
		registerJob: (job) => jobs.push(job),
	};

	await Promise.all(
		prepared.map(async (entry, itemIndex) => {
			if (!entry.ok) return;
			try {
				outputs[itemIndex] = await work.run(itemIndex, entry.value, tools);
			} catch (caught) {
				if (caught instanceof WaitCancelledError && signal.aborted) return;
				const error = caught instanceof InputError ? toNodeError(node, caught, itemIndex) : (caught as Error);
				const itemJobs = jobs.filter((job) => job.itemIndex === itemIndex);
				if (continueOnFail) {
					outputs[itemIndex] = [errorItem(error, itemIndex, itemJobs)];
					return;
				}
				fatal ??= error;
				controller.abort();
			}
		}),
	);

	if (fatal) {
		const failure: Error = fatal;
		// Jobs the message already names need no second mention.
		throw withStartedJobs(
			failure,
			jobs.filter((job) => !failure.message.includes(job.jobId)),
		);
	}
	if (context.getExecutionCancelSignal()?.aborted) {
		throw withStartedJobs(
			new NodeOperationError(node, 'The execution was cancelled while waiting for the service'),
			jobs,
		);
	}
	return outputs.flat();
}
