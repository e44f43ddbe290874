import { ApiError } from '../api-errors';
import type { Job } from '../jobs';
import type { RequestContext } from '../state';

/** The job named in the path, found as the profile's status routes find it; another space's job is 403. */
export function ownedJob({ state, space, params }: RequestContext, route: Job['kind']): Job {
	const jobId = params[0] ?? '';
	const lookup = state.profile.statusLookup;
	const job = state.engine.job(jobId);
	if (!job || (lookup.checksKind && job.kind !== route)) throw lookup.unknownJob(route, jobId);
	if (job.spaceId !== space.id)
		throw new ApiError(403, 'UNAUTHORIZED_JOB', 'This job belongs to another space.');
	return job;
}
