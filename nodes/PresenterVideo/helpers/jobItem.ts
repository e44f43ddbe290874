import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { timedOutHint, type SettledJob, type StartedJob } from './jobLifecycle';
import { simplifyJob, simplifyStart } from './outputs';
import type { JobKind } from './types';

/** The output item of a start, without waiting. */
export function startedJobItem(started: StartedJob, simplify: boolean, itemIndex: number): INodeExecutionData {
	const json = simplify ? simplifyStart(started.kind, started.start) : (started.start as unknown as IDataObject);
	return { json, pairedItem: { item: itemIndex } };
}

/** The output item of a job waited for; a timed-out job keeps its id and last status. */
export function settledJobItem(
	kind: JobKind,
	settled: SettledJob,
	simplify: boolean,
	itemIndex: number,
	extra: IDataObject = {},
): INodeExecutionData {
	const base = simplify ? simplifyJob(kind, settled.job) : (settled.job as unknown as IDataObject);
	const json: IDataObject = { ...base, ...extra };
	if (settled.timedOut) {
		json.timedOut = true;
		json.hint = timedOutHint(kind, settled.job.job_id);
	}
	return { json, pairedItem: { item: itemIndex } };
}
