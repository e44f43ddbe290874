import type { RecordedRequest, Sandbox } from '../../../test/sandbox';

/** API requests (not storage downloads) that arrived at or after `since` (epoch ms). */
export function apiRequestsSince(sandbox: Sandbox, since: number): RecordedRequest[] {
	return sandbox.requests.filter((request) => request.listener === 'api' && request.at >= since);
}

export function generationStarts(requests: RecordedRequest[]): RecordedRequest[] {
	return requests.filter((request) => request.method === 'POST' && request.path.endsWith('/generation/start'));
}

/** Job ids read from the status calls made for them, in order of first appearance. */
export function polledGenerationJobIds(requests: RecordedRequest[]): string[] {
	const ids = requests
		.filter((request) => request.method === 'GET' && request.path.includes('/generation/status/'))
		.map((request) => request.path.split('/').pop() ?? '');
	return [...new Set(ids)];
}

export function bodyField(request: RecordedRequest, field: string): unknown {
	return (request.body as Record<string, unknown> | undefined)?.[field];
}

/** Status reads made for each of the generation jobs, by job id. */
export function generationStatusReads(sandbox: Sandbox, jobIds: string[]): Record<string, number> {
	const paths = sandbox.requests
		.filter((request) => request.listener === 'api' && request.method === 'GET')
		.map((request) => request.path);
	return Object.fromEntries(jobIds.map((jobId) => [jobId, paths.filter((path) => path.endsWith(`/generation/status/${jobId}`)).length]));
}
