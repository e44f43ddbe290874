import { ApiError } from '../api-errors';
import type { Job } from '../jobs';
import type { RequestContext } from '../state';

/** The job named in the path. Unknown ids and ids of the other job kind are 404; another space's job is 403. */
export function ownedJob<K extends Job['kind']>(
	{ state, space, params }: RequestContext,
	kind: K,
): Extract<Job, { kind: K }> {
	const jobId = params[0] ?? '';
	const job = state.engine.job(jobId);
	if (!job || job.kind !== kind)
		throw new ApiError(404, 'JOB_NOT_FOUND', `Job "${jobId}" not found.`);
	if (job.spaceId !== space.id)
		throw new ApiError(403, 'UNAUTHORIZED_JOB', 'This job belongs to another space.');
	return job as Extract<Job, { kind: K }>;
}
