import type {
	ExecutionStatus,
	IConnections,
	IDataObject,
	INode,
	IRun,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { InstanceUrls } from './additional-data';
import type { HarnessCredentialsHelper } from './credentials-helper';
import type { HarnessNodeTypes } from './node-types';

/** The workflow as saved: a plain copy, so each run builds its Workflow from fresh nodes. */
export interface WorkflowDefinition {
	id: string;
	name: string;
	nodes: INode[];
	connections: IConnections;
	settings: IWorkflowSettings;
	active: boolean;
}

/** Everything needed to run, or later resume, one execution. */
export interface ExecutionSetup {
	executionId: string;
	workflow: WorkflowDefinition;
	nodeTypes: HarnessNodeTypes;
	credentialsHelper: HarnessCredentialsHelper;
	mode: WorkflowExecuteMode;
	urls: InstanceUrls;
	/** The workflow's stored static data; updated in place when a run changes it. */
	staticData: IDataObject;
}

export interface StoredExecution {
	setup: ExecutionSetup;
	status: ExecutionStatus;
	run?: IRun;
}

/** Plays n8n's executions table, so resume calls can look executions up by id. */
const executions = new Map<string, StoredExecution>();
let lastExecutionId = 1000;

export function nextExecutionId(): string {
	lastExecutionId += 1;
	return String(lastExecutionId);
}

export function saveExecution(execution: StoredExecution) {
	executions.set(execution.setup.executionId, execution);
}

export function findExecution(executionId: string): StoredExecution | undefined {
	return executions.get(executionId);
}
