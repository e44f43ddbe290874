import { ApiError, internalError } from './api-errors';

/** How the two status routes find the job in their path. */
export interface StatusLookup {
	/** Whether a status route answers only jobs of its own kind. */
	checksKind: boolean;
	/** The answer for an id no job has. */
	unknownJob(route: 'generation' | 'export', jobId: string): ApiError;
}

const jobNotFound = (jobId: string): ApiError =>
	new ApiError(404, 'JOB_NOT_FOUND', `Job "${jobId}" not found.`);

/** The contract: an unknown id, or an id of the other kind, is 404 on either route. */
export const CONTRACT_STATUS_LOOKUP: StatusLookup = {
	checksKind: true,
	unknownJob: (_route, jobId) => jobNotFound(jobId),
};

/** The service's code: any job on either route; the export route fails (500) on an unknown id. */
export const CODE_STATUS_LOOKUP: StatusLookup = {
	checksKind: false,
	unknownJob: (route, jobId) => (route === 'export' ? internalError() : jobNotFound(jobId)),
};
