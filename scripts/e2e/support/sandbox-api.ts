import type { Sandbox } from '../../../test/sandbox';
import { fetchJson } from '../../n8n/http-json';

/** Calls the sandbox API directly, as another client of the service (not through n8n) would. */
export function sandboxPost<T>(sandbox: Sandbox, endpoint: string, body: unknown): Promise<T> {
	return fetchJson<T>(`${sandbox.apiUrl}${endpoint}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${sandbox.keys.main}` },
		body: JSON.stringify(body),
	});
}

export interface StartedJob {
	job_id: string;
	status: string;
}
