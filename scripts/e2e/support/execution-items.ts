import type { Execution, ExecutionItem } from '../../n8n/public-api';

/** The items a node emitted on its first output in its last run, binary metadata included. */
export function nodeOutputItems(execution: Execution, nodeName: string): ExecutionItem[] {
	const runs = execution.data?.resultData.runData[nodeName];
	if (runs === undefined || runs.length === 0)
		throw new Error(`node "${nodeName}" did not run in execution ${execution.id}`);
	return runs[runs.length - 1].data?.main?.[0] ?? [];
}
