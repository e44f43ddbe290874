import type {
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IVersionedNodeType,
	IWebhookResponseData,
	WebhookType,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { PresenterVideoApi } from '../../credentials/PresenterVideoApi.credentials';
import { buildAdditionalData } from './additional-data';
import type { InstanceUrls } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { HarnessCredential } from './credentials-helper';
import { prepareHarnessEnvironment } from './environment';
import type { ExecutionSetup } from './execution-store';
import { getNodeWebhooks } from './node-webhooks';
import { HarnessNodeTypes } from './node-types';
import { answerWebhook, invokeWebhook } from './webhook-call';
import { exchange } from './webhook-http';
import type { CapturedResponse, WebhookRequest } from './webhook-http';
import { createWorkflow, persistStaticData } from './workflow-factory';

export interface RunWebhookOptions extends InstanceUrls {
	nodeType: INodeType | IVersionedNodeType;
	/** The trigger node; its `type` is the key `nodeType` is registered under. */
	node: INode;
	credentials?: HarnessCredential[];
	/** Defaults to [new PresenterVideoApi()]. */
	credentialTypes?: ICredentialType[];
	request: WebhookRequest;
	webhookName?: WebhookType;
	/**
	 * The workflow's static data. Pass the same object to every delivery to the same trigger:
	 * it is saved back after each call, as n8n saves it after a production webhook.
	 */
	staticData?: IDataObject;
	workflowId?: string;
	/** Default 'webhook' (a production URL call). */
	mode?: WorkflowExecuteMode;
	/** Told the answer as soon as the caller has it, while `webhook()` may still be running. */
	onAnswered?: (response: CapturedResponse) => void;
}

export interface WebhookRunResult {
	/** What the caller got back over HTTP. */
	response: CapturedResponse;
	/** What `webhook()` returned (undefined when it threw). */
	webhookResponseData?: IWebhookResponseData;
	/** The items the workflow would start with, per output; undefined when no run starts. */
	workflowData?: INodeExecutionData[][];
	/** Whether n8n would start a workflow execution for this call. */
	started: boolean;
	/** What `webhook()` threw, if anything (the caller then got n8n's generic 500). */
	error?: Error;
	staticData: IDataObject;
}

/**
 * Delivers one HTTP request to a trigger node's `webhook()` the way n8n serves a production
 * webhook URL: real HTTP on 127.0.0.1, n8n's body parsing, n8n-core's WebhookContext (with
 * credentials, request helpers and filesystem binary data), n8n's `onReceived` answer, and the
 * workflow's static data saved afterwards. It does not run the rest of the workflow: pass
 * `workflowData` to `runWorkflow` as `triggerOutput` for that.
 */
export async function runWebhook(options: RunWebhookOptions): Promise<WebhookRunResult> {
	await prepareHarnessEnvironment();
	const { node } = options;
	const mode = options.mode ?? 'webhook';
	const setup: ExecutionSetup = {
		executionId: '',
		workflow: {
			id: options.workflowId ?? 'harness-workflow',
			name: 'Harness workflow',
			nodes: [node],
			connections: {},
			settings: { executionOrder: 'v1' },
			active: true,
		},
		nodeTypes: new HarnessNodeTypes({ [node.type]: options.nodeType }),
		credentialsHelper: new HarnessCredentialsHelper(
			options.credentialTypes ?? [new PresenterVideoApi()],
			options.credentials ?? [],
		),
		mode,
		urls: { instanceBaseUrl: options.instanceBaseUrl, webhookWaitingBaseUrl: options.webhookWaitingBaseUrl },
		staticData: options.staticData ?? {},
	};
	const workflow = createWorkflow(setup);
	const additionalData = buildAdditionalData({
		workflow,
		mode,
		credentialsHelper: setup.credentialsHelper,
		...setup.urls,
	});
	const method = (options.request.method ?? 'POST').toUpperCase();
	const webhookName = options.webhookName ?? 'default';
	const webhooks = getNodeWebhooks(workflow, workflow.nodes[node.name], additionalData);
	const webhookData = webhooks.find(
		(webhook) => webhook.webhookDescription.name === webhookName && webhook.httpMethod === method,
	);
	if (!webhookData) {
		const declared = webhooks.map((w) => `${w.webhookDescription.name} ${w.httpMethod}`).join(', ');
		throw new Error(
			`Node "${node.name}" has no "${webhookName}" webhook for ${method} (declared: ${declared || 'none'})`,
		);
	}

	const { response, handled } = await exchange(
		`/webhook/${webhookData.path}`,
		{ ...options.request, method },
		async (req, res) => {
			const call = {
				workflow,
				node: workflow.nodes[node.name],
				webhookData,
				additionalData,
				mode,
				runExecutionData: null,
				req,
				res,
			};
			const outcome = await invokeWebhook(call);
			persistStaticData(workflow, setup);
			if (outcome.data) answerWebhook(call, outcome.data);
			return outcome;
		},
	);
	options.onAnswered?.(response);
	const outcome = await handled;
	return {
		response,
		webhookResponseData: outcome?.data,
		workflowData: outcome?.data?.workflowData,
		started: outcome?.data?.workflowData !== undefined,
		error: outcome?.error,
		staticData: setup.staticData,
	};
}
