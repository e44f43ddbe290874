import type { Execution, ExecutionItem } from '../../n8n/public-api';

/** One run of a node as n8n saves it: when it started, and its items per output. */
export interface NodeRunRecord {
	startTime: number;
	outputs: ExecutionItem[][];
}

/** Every run of a node in the execution, in order; none when it did not run. */
export function nodeRuns(execution: Execution, nodeName: string): NodeRunRecord[] {
	const runs = (execution.data?.resultData.runData[nodeName] ?? []) as Array<{
		startTime?: number;
		data?: { main?: Array<ExecutionItem[] | null> };
	}>;
	return runs.map((run) => ({ startTime: Number(run.startTime), outputs: (run.data?.main ?? []).map((items) => items ?? []) }));
}

/** The items a node put out on one output over all its runs. */
export function itemsOverRuns(execution: Execution, nodeName: string, output = 0): ExecutionItem[] {
	return nodeRuns(execution, nodeName).flatMap((run) => run.outputs[output] ?? []);
}

/** The hints n8n saved with a node's last run, as the output pane shows them. */
export function nodeHints(execution: Execution, nodeName: string): string[] {
	const runs = (execution.data?.resultData.runData[nodeName] ?? []) as Array<{ hints?: Array<{ message?: unknown }> }>;
	return (runs.at(-1)?.hints ?? []).map((hint) => String(hint.message));
}
