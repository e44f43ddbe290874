/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { getAdditionalKeys, WorkflowExecute } from 'n8n-core';
import type { IRun, IRunExecutionData, Workflow } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { prepareHarnessEnvironment } from './environment';
import { saveExecution } from './execution-store';
import type { ExecutionSetup } from './execution-store';
import { createRunResult } from './run-result';
import type { WorkflowRunResult } from './run-result';
import { serviceTimeIn } from './service-time';
import { createWorkflow, persistStaticData } from './workflow-factory';

export interface ExecutionControl {
	/** Cancels the execution when it aborts, like the Stop button (n8n's `cancel()`). */
	abortSignal?: AbortSignal;
	/** Cancels the execution after this long; the result then has `timedOut: true`. */
	timeoutMs?: number;
}

export interface RunningExecution {
	executionId: string;
	/** Cancels the execution as n8n's Stop does; nodes see `getExecutionCancelSignal()` abort. */
	cancel(): void;
	result: Promise<WorkflowRunResult>;
}

interface StartOptions extends ExecutionControl {
	/** Set when continuing a waiting execution (n8n then runs the resume hooks). */
	resumed?: boolean;
}

/** Builds the execution data once the Workflow exists: stack entries must hold its node objects. */
export type RunDataFactory = (workflow: Workflow) => IRunExecutionData;

/**
 * Runs the execution data through n8n-core's WorkflowExecute, as n8n's WorkflowRunner does in
 * regular (single process) mode, and records the outcome in the execution store.
 */
export async function startExecution(
	setup: ExecutionSetup,
	buildRunData: RunDataFactory,
	options: StartOptions = {},
): Promise<RunningExecution> {
	await prepareHarnessEnvironment();
	const { executionId, mode } = setup;
	const workflow = createWorkflow(setup);
	const additionalData = buildAdditionalData({
		executionId,
		workflow,
		mode,
		credentialsHelper: setup.credentialsHelper,
		restartExecutionId: options.resumed ? executionId : undefined,
		executionTimeoutTimestamp: options.timeoutMs ? Date.now() + serviceTimeIn(options.timeoutMs) : undefined,
		...setup.urls,
	});

	const executedNodes: string[] = [];
	// On cancel n8n-core reports the run (status `canceled`) through this hook at once; the
	// returned promise only settles when the running node gives up, with a status that
	// depends on that node's error. n8n saves the first report, so the harness does too.
	let reported: IRun | undefined;
	additionalData.hooks?.addHandler('nodeExecuteAfter', (nodeName) => {
		executedNodes.push(nodeName);
	});
	additionalData.hooks?.addHandler('workflowExecuteAfter', (run) => {
		reported ??= run;
	});

	saveExecution({ setup, status: 'running' });
	const workflowExecute = new WorkflowExecute(additionalData, mode, buildRunData(workflow));
	let execution: ReturnType<WorkflowExecute['processRunExecutionData']>;
	try {
		execution = workflowExecute.processRunExecutionData(workflow);
	} catch (error) {
		// WorkflowHasIssuesError (e.g. a required parameter left empty) is thrown before the run.
		saveExecution({ setup, status: 'error' });
		throw error;
	}

	let timedOut = false;
	const cancel = () => execution.cancel();
	const timer = options.timeoutMs
		? setTimeout(() => {
				timedOut = true;
				cancel();
			}, serviceTimeIn(options.timeoutMs))
		: undefined;
	options.abortSignal?.addEventListener('abort', cancel);
	if (options.abortSignal?.aborted) cancel();

	const result = (async () => {
		try {
			const returned = await execution;
			const run = reported ?? returned;
			persistStaticData(workflow, setup);
			saveExecution({ setup, status: run.status, run });
			return createRunResult(run, {
				executionId,
				executedNodes,
				resumeUrl: String(getAdditionalKeys(additionalData, mode, run.data).$execution?.resumeUrl),
				// WorkflowExecute also stops between nodes once executionTimeoutTimestamp has passed.
				timedOut: timedOut || workflowExecute.timedOut,
				staticData: setup.staticData,
			});
		} finally {
			clearTimeout(timer);
			options.abortSignal?.removeEventListener('abort', cancel);
		}
	})();

	return { executionId, cancel, result };
}
