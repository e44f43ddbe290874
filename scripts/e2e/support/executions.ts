import type { Execution, PublicApiClient } from '../../n8n/public-api';

const finishedStatuses = new Set(['success', 'error', 'crashed', 'canceled']);

export function isFinished(execution: Execution): boolean {
	return finishedStatuses.has(execution.status);
}

/** Waits until the workflow has `count` finished executions; returns them oldest first. */
export async function finishedExecutions(
	api: PublicApiClient,
	workflowId: string,
	count: number,
	timeoutMs = 60_000,
): Promise<Execution[]> {
	const executions = await api.waitForExecutions((list) => list.filter(isFinished).length >= count, timeoutMs, {
		workflowId,
	});
	return executions.filter(isFinished).sort((a, b) => Number(a.id) - Number(b.id));
}

/** Every error message and description the execution recorded, on the run and on its nodes. */
export function executionErrorText(execution: Execution): string {
	const resultData = execution.data?.resultData;
	const nodeErrors = Object.values(resultData?.runData ?? {}).flatMap((runs) => runs.map((run) => run.error));
	return [resultData?.error, ...nodeErrors]
		.filter((error) => error !== undefined)
		.flatMap((error) => [error.message, error.description])
		.filter((text): text is string => typeof text === 'string' && text !== '')
		.join('\n');
}
