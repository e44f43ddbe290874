import type { ExecutionError, ExecutionStatus, IDataObject, INodeExecutionData, IRun, ITaskData } from 'n8n-workflow';

import { binaryFilePath, readBinary } from './binary-data';

export interface WorkflowRunResult {
	status: ExecutionStatus;
	executionId: string;
	/** The raw run as n8n-core returns it (what n8n saves as the execution). */
	run: IRun;
	/** Node names in the order they finished, repeats included. */
	executedNodes: string[];
	/** Items of the node's last run on that output; throws if the node never ran. */
	outputOf(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The error of the node's last run (continueOnFail off), if any. */
	errorOf(nodeName: string): ExecutionError | undefined;
	/** The execution's error, if the execution failed. */
	error?: ExecutionError;
	/** Set when a node paused the execution with `putExecutionToWait`. */
	waitTill?: Date;
	/** `$execution.resumeUrl` as nodes of this execution see it (absolute, with `?signature=`). */
	resumeUrl: string;
	/** True when the harness cancelled the run because `timeoutMs` elapsed. */
	timedOut: boolean;
	/** The workflow's static data after the run (the same object the test passed, if any). */
	staticData: IDataObject;
	/** Bytes of an item's binary property, read back through n8n's BinaryDataService. */
	binaryBuffer(item: INodeExecutionData, property?: string): Promise<Buffer>;
	/** The file filesystem mode wrote for that binary property (undefined when inline). */
	binaryFilePath(item: INodeExecutionData, property?: string): Promise<string | undefined>;
}

export interface RunResultDetails {
	executionId: string;
	executedNodes: string[];
	resumeUrl: string;
	timedOut: boolean;
	staticData: IDataObject;
}

function lastTask(run: IRun, nodeName: string): ITaskData | undefined {
	return run.data.resultData.runData[nodeName]?.at(-1);
}

export function createRunResult(run: IRun, details: RunResultDetails): WorkflowRunResult {
	return {
		...details,
		status: run.status,
		run,
		error: run.data.resultData.error,
		waitTill: run.waitTill ?? undefined,
		outputOf(nodeName, outputIndex = 0) {
			const task = lastTask(run, nodeName);
			if (!task) {
				const ran = Object.keys(run.data.resultData.runData).join(', ') || 'none';
				throw new Error(`Node "${nodeName}" did not run (nodes that ran: ${ran})`);
			}
			return task.data?.main?.[outputIndex] ?? [];
		},
		errorOf: (nodeName) => lastTask(run, nodeName)?.error,
		binaryBuffer: readBinary,
		binaryFilePath,
	};
}
