/* eslint-disable @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import type { Execution, PublicApiClient } from '../../n8n/public-api';
import { waitUntil } from './wait-until';

/**
 * Polls one execution by id until it has `status`. By id, because n8n 1.x leaves waiting
 * executions out of the execution list (they stay among its active executions).
 */
export async function executionReaching(
	api: PublicApiClient,
	id: string,
	status: string,
	timeoutMs: number,
): Promise<Execution> {
	let last = 'unknown';
	try {
		return await waitUntil(
			`execution ${id} to be ${status}`,
			async () => {
				const execution = await api.getExecution(id, status !== 'waiting');
				last = execution.status;
				return execution.status === status ? execution : undefined;
			},
			timeoutMs,
		);
	} catch (error) {
		throw new Error(`${(error as Error).message} (last status: ${last})`);
	}
}
