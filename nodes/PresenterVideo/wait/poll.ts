import { type IDataObject, type INode, NodeOperationError } from 'n8n-workflow';

import { exportedFileUrl, longestFirst, readJob, unreadableStatusError } from '../jobs/start';
import type { ItemTools, SettledJob, StartedJob } from '../jobs/types';
import { isTerminal, JOB_KINDS } from '../service/jobKinds';
import type { ExportJob, JobKind, ServiceJob } from '../service/types';
import { BudgetDeadlineError } from '../schedule/budget';
import { explainCode, failureFix, normalizeCode } from '../service/errorCatalog';
import { WaitCancelledError } from '../schedule/time';
import { waitedForMs, type WaitPreferences } from './fields';
import { TIMING } from '../timing';

/** A job that ended in `failed`: the message carries the job id and the service's code. */
function failedJobError(
	node: INode,
	kind: JobKind,
	job: ServiceJob,
	itemIndex: number,
	sent?: IDataObject,
): NodeOperationError {
	const code = job.error?.code ? normalizeCode(job.error.code) : 'UNKNOWN';
	const explanation = explainCode(code);
	const detail = job.error?.message ? `: ${job.error.message}` : '';
	return new NodeOperationError(node, `${JOB_KINDS[kind].label} job ${job.job_id} failed [${code}]${detail}`, {
		description: explanation
			? `${explanation.title}. ${failureFix(explanation, sent)}`
			: 'Start the job again; if it keeps failing, change its input.',
		itemIndex,
	});
}

/**
 * The job's state at Max Wait, or the last known one if the read is refused. A Max Wait a person
 * set means what it says; one left at its default bounds the wait for the service, not for the
 * node's queue, so its read waits its turn (other executions may share the window).
 */
async function lastRead(
	tools: ItemTools,
	{ kind, jobId, itemIndex }: StartedJob,
	maxWaitGiven: boolean,
): Promise<ServiceJob | undefined> {
	const deadline = maxWaitGiven ? Date.now() + TIMING.lastReadWaitMs : undefined;
	return await readJob(tools, kind, jobId, itemIndex, { deadline }).catch(() => undefined);
}

/**
 * Polls whenever the job is due and the budget has room, until it ends or Max Wait passes. A failed
 * job, or a status that could not be read, becomes an error that names the job id.
 */
export async function waitUntilSettled(
	tools: ItemTools,
	started: StartedJob,
	preferences: WaitPreferences,
): Promise<SettledJob> {
	const { kind, jobId, itemIndex, startedAt } = started;
	const deadline = startedAt + waitedForMs(preferences, tools.reads.window);
	let job = started.lastKnown;
	let timedOut = false;
	const entry = tools.reads.track({ kind, startedAt, size: started.sizeSeconds ?? TIMING.unknownVideoSeconds });
	try {
		for (;;) {
			if (job && isTerminal(job.status)) break;
			if (Date.now() >= deadline) {
				job = (await lastRead(tools, started, preferences.maxWaitGiven === true)) ?? job;
				if (tools.signal.aborted) throw new WaitCancelledError();
				timedOut = !isTerminal(job?.status);
				break;
			}
			let failure: Error | undefined;
			try {
				job = await readJob(tools, kind, jobId, itemIndex, {
					// Queued until due, asked again whenever what other jobs taught moves that.
					notBefore: {
						at: () => tools.reads.nextReadAt(entry, preferences.fixedIntervalMs),
						keys: [entry, tools.reads],
					},
					// A read another start waits on goes by video length; other reads go by due time.
					order: preferences.beforeStart ? longestFirst(entry.size) : undefined,
					deadline,
					beforeStart: preferences.beforeStart,
					signal: tools.signal,
				});
			} catch (error) {
				if (!(error instanceof BudgetDeadlineError)) failure = error as Error;
			}
			if (tools.signal.aborted) throw new WaitCancelledError();
			if (failure) throw unreadableStatusError(kind, jobId, failure);
			tools.reads.observe(entry, Date.now(), job?.status === 'completed');
		}
	} finally {
		tools.reads.release(entry);
	}
	const settled: ServiceJob = job ?? { job_id: jobId, status: started.start?.status ?? 'pending' };
	if (settled.status === 'failed') throw failedJobError(tools.node, kind, settled, itemIndex, started.body);
	// Waited for, a completed export is its file: without one it is no success.
	if (kind === 'export' && settled.status === 'completed') exportedFileUrl(tools.node, settled as ExportJob, itemIndex);
	return { kind, job: settled, timedOut };
}
