import type { IDataObject } from 'n8n-workflow';

import { settledJobJson, startedJobJson } from '../jobs/output';
import { readJob, startJob } from '../jobs/start';
import type { ItemTools } from '../jobs/types';
import type { JobKind, ServiceJob } from '../service/types';
import type { JobSettings } from './fields';
import { waitUntilSettled } from './poll';

/** Starts a job and, as the item's settings say, returns at once or polls until it ends. */
export async function runJob(
	tools: ItemTools,
	kind: JobKind,
	body: IDataObject,
	itemIndex: number,
	settings: JobSettings,
): Promise<IDataObject> {
	const started = await startJob(tools, kind, body, itemIndex);
	const reused: IDataObject = started.reusedBy ? { reusedJob: started.reusedBy } : {};
	if (settings.waitMode === 'none') {
		const json = started.start
			? startedJobJson(kind, started.start, settings.simplify)
			: settledJobJson({ kind, job: started.lastKnown as ServiceJob, timedOut: false }, settings.simplify);
		return { ...json, ...reused };
	}
	const settled = await waitUntilSettled(tools, started, settings.wait);
	const extra: IDataObject = { serviceEstimatedCredits: started.start?.estimated_credits, ...reused };
	if (kind === 'export') extra.videoId = body.video_id;
	return settledJobJson(settled, settings.simplify, extra);
}

/** Reads a job's status and, as the item's settings say, returns it or polls until the job ends. */
export async function checkJob(
	tools: ItemTools,
	kind: JobKind,
	jobId: string,
	itemIndex: number,
	settings: JobSettings,
): Promise<IDataObject> {
	const startedAt = Date.now();
	const current = await readJob(tools, kind, jobId, itemIndex);
	// Read once, the status is data, failed or not; waited for, a failure is an error.
	if (settings.waitMode === 'none') return settledJobJson({ kind, job: current, timedOut: false }, settings.simplify);
	const settled = await waitUntilSettled(
		tools,
		{ kind, jobId, itemIndex, startedAt, lastKnown: current },
		settings.wait,
	);
	return settledJobJson(settled, settings.simplify);
}
