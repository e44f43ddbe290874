import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import type {
	ICredentialsHelper,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { Container } from './n8n-core-container';

/** n8n's default listen address; nothing listens there unless a test starts a server. */
export const DEFAULT_INSTANCE_BASE_URL = 'http://127.0.0.1:5678/';

export interface InstanceUrls {
	/** Root of the n8n instance, ending with `/`; every endpoint URL is derived from it. */
	instanceBaseUrl?: string;
	/** Overrides the `webhook-waiting` endpoint, the base of `$execution.resumeUrl`. */
	webhookWaitingBaseUrl?: string;
}

export interface AdditionalDataOptions extends InstanceUrls {
	/** Unset while a trigger's webhook runs: n8n creates the execution afterwards. */
	executionId?: string;
	workflow: Workflow;
	mode: WorkflowExecuteMode;
	credentialsHelper: ICredentialsHelper;
	restartExecutionId?: string;
	executionTimeoutTimestamp?: number;
}

function withTrailingSlash(url: string) {
	return url.endsWith('/') ? url : `${url}/`;
}

function unsupported(feature: string) {
	return async () => {
		throw new Error(`${feature} is not supported by the workflow-test harness`);
	};
}

/** The workflow as n8n stores it, which the lifecycle hooks carry. */
export function workflowRecord(workflow: Workflow): IWorkflowBase {
	const now = new Date();
	return {
		id: workflow.id,
		name: workflow.name ?? 'Harness workflow',
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: now,
		updatedAt: now,
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		settings: workflow.settings,
	};
}

/**
 * The execution-wide services n8n's CLI hands to WorkflowExecute. Every URL is absolute, as
 * n8n-core builds `$execution.resumeUrl` with `new URL()`; endpoint names match n8n's defaults.
 */
export function buildAdditionalData(options: AdditionalDataOptions): IWorkflowExecuteAdditionalData {
	const base = withTrailingSlash(options.instanceBaseUrl ?? DEFAULT_INSTANCE_BASE_URL);
	const hooks =
		options.executionId === undefined
			? undefined
			: new ExecutionLifecycleHooks(options.mode, options.executionId, workflowRecord(options.workflow));
	return {
		credentialsHelper: options.credentialsHelper,
		hooks,
		executionId: options.executionId,
		restartExecutionId: options.restartExecutionId,
		workflowId: options.workflow.id,
		executionTimeoutTimestamp: options.executionTimeoutTimestamp,
		currentNodeExecutionIndex: 0,
		currentNodeParameters: undefined,
		variables: {},
		instanceBaseUrl: base,
		restApiUrl: `${base}rest`,
		webhookBaseUrl: `${base}webhook`,
		webhookTestBaseUrl: `${base}webhook-test`,
		webhookWaitingBaseUrl: options.webhookWaitingBaseUrl ?? `${base}webhook-waiting`,
		formBaseUrl: `${base}form`,
		formTestBaseUrl: `${base}form-test`,
		formWaitingBaseUrl: `${base}form-waiting`,
		mcpBaseUrl: `${base}mcp`,
		mcpTestBaseUrl: `${base}mcp-test`,
		externalSecretsProxy: Container.get(ExternalSecretsProxy),
		executeWorkflow: unsupported('Executing a sub-workflow'),
		startRunnerTask: unsupported('The Code node task runner'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
	};
}
