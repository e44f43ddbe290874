/* eslint-disable @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import type { Execution, PublicApiClient } from '../../n8n/public-api';
import { waitUntil } from './wait-until';

/** Polls one execution by id until `accepts` it; a time-out names the state it was last seen in. */
async function executionWhen(
	api: PublicApiClient,
	id: string,
	what: string,
	read: { includeData: boolean; state: (execution: Execution) => string; accepts: (execution: Execution) => boolean },
	timeoutMs: number,
): Promise<Execution> {
	let last = 'unknown';
	try {
		return await waitUntil(
			`execution ${id} ${what}`,
			async () => {
				const execution = await api.getExecution(id, read.includeData);
				last = read.state(execution);
				return read.accepts(execution) ? execution : undefined;
			},
			timeoutMs,
		);
	} catch (error) {
		throw new Error(`${(error as Error).message} (last: ${last})`);
	}
}

/**
 * Polls one execution by id until it has `status`. By id, because n8n 1.x leaves waiting
 * executions out of the execution list (they stay among its active executions). To read what a
 * resumed execution's nodes gave, wait with `executionSucceededThrough` instead.
 */
export async function executionReaching(
	api: PublicApiClient,
	id: string,
	status: string,
	timeoutMs: number,
): Promise<Execution> {
	return await executionWhen(
		api,
		id,
		`to be ${status}`,
		{ includeData: status !== 'waiting', state: (execution) => execution.status, accepts: (execution) => execution.status === status },
		timeoutMs,
	);
}

/** Polls one execution until it waits at `nodeName` (the node that paused it last); returns it with its data. */
export async function executionWaitingAt(
	api: PublicApiClient,
	id: string,
	nodeName: string,
	timeoutMs: number,
): Promise<Execution> {
	const at = (execution: Execution) => execution.data?.resultData.lastNodeExecuted;
	return await executionWhen(
		api,
		id,
		`to wait at "${nodeName}"`,
		{
			includeData: true,
			state: (execution) => `${execution.status} at ${at(execution) ?? 'no node'}`,
			accepts: (execution) => execution.status === 'waiting' && at(execution) === nodeName,
		},
		timeoutMs,
	);
}

/**
 * Polls one execution until it has succeeded and its data shows `lastNodeName` ran: n8n 1.x on
 * SQLite writes a resumed execution's status before its data, so a read in between finds
 * `success` with the data saved when it resumed.
 */
export async function executionSucceededThrough(
	api: PublicApiClient,
	id: string,
	lastNodeName: string,
	timeoutMs: number,
): Promise<Execution> {
	const ran = (execution: Execution) => (execution.data?.resultData.runData[lastNodeName]?.length ?? 0) > 0;
	return await executionWhen(
		api,
		id,
		`to succeed through "${lastNodeName}"`,
		{
			includeData: true,
			state: (execution) => `${execution.status}, "${lastNodeName}" ${ran(execution) ? 'ran' : 'not run'}`,
			accepts: (execution) => execution.status === 'success' && ran(execution),
		},
		timeoutMs,
	);
}
