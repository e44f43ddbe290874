/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { createServer, type IncomingMessage, type Server } from 'http';
import type { IDataObject, INode, INodeParameters, WorkflowExecuteMode } from 'n8n-workflow';
import type { AddressInfo } from 'net';

import { PresenterVideoTrigger } from '../../../nodes/PresenterVideo/PresenterVideoTrigger.node';
import { runWebhook, runWorkflow, type WebhookRunResult, type WorkflowRunResult } from '../../harness';
import type { Sandbox } from '../../sandbox';

export const TRIGGER_TYPE = 'CUSTOM.presenterVideoTrigger';

export const ALL_EVENTS = ['generation.completed', 'generation.failed', 'export.completed', 'export.failed'];

export const CREDENTIAL_ID = 'presenter-video-credential';

export function triggerNode(parameters: INodeParameters, withCredential = true): INode {
	return {
		id: 'trigger-node-id',
		name: 'Presenter Video Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId: 'trigger-webhook-id',
		parameters,
		...(withCredential
			? { credentials: { presenterVideoApi: { id: CREDENTIAL_ID, name: 'Presenter Video API' } } }
			: {}),
	};
}

/** The sandbox's credential; its storage listener is the Storage URL unless another is given. */
export function sandboxCredential(sandbox: Sandbox, apiKey = sandbox.keys.main, storageUrl = sandbox.storageUrl) {
	return {
		type: 'presenterVideoApi',
		id: CREDENTIAL_ID,
		name: 'Presenter Video API',
		data: { apiKey, baseUrl: sandbox.baseUrl, storageUrl },
	};
}

export interface DeliveryRequest {
	query?: Record<string, string | string[]>;
	headers?: Record<string, string>;
	body?: unknown;
}

/** The node class as a freshly started n8n process loads it: no memory of earlier calls. */
export function freshProcessNodeType(): PresenterVideoTrigger {
	let nodeType: PresenterVideoTrigger | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const loaded = require('../../../nodes/PresenterVideo/PresenterVideoTrigger.node') as {
			PresenterVideoTrigger: new () => PresenterVideoTrigger;
		};
		nodeType = new loaded.PresenterVideoTrigger();
	});
	return nodeType as PresenterVideoTrigger;
}

/** One trigger node in one workflow: its static data lives across deliveries, as in n8n. */
export class TriggerUnderTest {
	readonly staticData: IDataObject = {};

	readonly runs: WebhookRunResult[] = [];

	/** The credential's Storage URL; by default the sandbox's storage listener. */
	storageUrl?: string;

	private static workflowCounter = 0;

	constructor(
		readonly node: INode,
		private readonly sandbox?: Sandbox,
		private readonly nodeType: PresenterVideoTrigger = new PresenterVideoTrigger(),
		// The node keeps a per-process memory keyed by workflow: each trigger gets its own workflow,
		// unless it stands for the same workflow served by another n8n process.
		readonly workflowId = `trigger-test-${++TriggerUnderTest.workflowCounter}`,
	) {}

	async deliver(
		request: DeliveryRequest,
		onAnswered?: (response: WebhookRunResult['response']) => void,
	): Promise<WebhookRunResult> {
		const result = await runWebhook({
			onAnswered,
			nodeType: this.nodeType,
			node: this.node,
			credentials: this.sandbox ? [sandboxCredential(this.sandbox, undefined, this.storageUrl)] : [],
			request: { method: 'POST', ...request },
			staticData: this.staticData,
			workflowId: this.workflowId,
		});
		this.runs.push(result);
		return result;
	}

	/**
	 * Runs the execution a started delivery begins (on a worker in queue mode): the trigger's
	 * execute() with the items webhook() emitted, in this trigger's workflow.
	 */
	async execute(run: WebhookRunResult, mode: WorkflowExecuteMode = 'webhook'): Promise<WorkflowRunResult> {
		if (!run.workflowData) throw new Error('the delivery started no execution');
		return await runWorkflow({
			nodes: [this.node],
			connections: {},
			nodeTypes: { [TRIGGER_TYPE]: this.nodeType },
			credentials: this.sandbox ? [sandboxCredential(this.sandbox, undefined, this.storageUrl)] : [],
			triggerOutput: run.workflowData,
			mode,
			workflowId: this.workflowId,
			staticData: this.staticData,
		});
	}

	get started(): WebhookRunResult[] {
		return this.runs.filter((run) => run.started);
	}

	/** The first item of every started run. */
	get startedItems(): IDataObject[] {
		return this.started.map((run) => run.workflowData?.[0]?.[0]?.json as IDataObject);
	}
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
	const chunks: Uint8Array[] = [];
	for await (const chunk of stream) chunks.push(chunk as Uint8Array);
	return Buffer.concat(chunks);
}

/**
 * An HTTP server on 127.0.0.1 standing in for n8n's webhook endpoint: every POST the sandbox sends
 * goes to the trigger through the harness, and the sandbox gets the node's answer back.
 */
export class DeliveryRelay {
	private constructor(
		private readonly server: Server,
		readonly url: string,
	) {}

	static async start(trigger: TriggerUnderTest): Promise<DeliveryRelay> {
		const server = createServer((req, res) => {
			void (async () => {
				const raw = await readAll(req);
				const url = new URL(req.url ?? '/', 'http://127.0.0.1');
				const query: Record<string, string> = Object.fromEntries(url.searchParams.entries());
				const headers: Record<string, string> = {};
				if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
				// Answered as soon as the node answers, as n8n does, even while webhook() goes on.
				await trigger.deliver({ query, headers, body: raw }, (response) => {
					res.writeHead(response.status, {
						'content-type': String(response.headers['content-type'] ?? 'text/plain'),
					});
					res.end(response.text);
				});
			})().catch((error: Error) => {
				if (res.headersSent) return;
				res.writeHead(599);
				res.end(error.message);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		return new DeliveryRelay(server, `http://127.0.0.1:${port}/webhook/trigger-webhook-id/presenter-video`);
	}

	webhookUrl(query: Record<string, string> = {}): string {
		const search = new URLSearchParams(query).toString();
		return search ? `${this.url}?${search}` : this.url;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}

async function api<T>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	apiKey = sandbox.keys.main,
): Promise<T> {
	const response = await fetch(`${sandbox.apiUrl}${path}`, {
		method,
		headers: { Authorization: `Bearer ${apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
		...(body ? { body: JSON.stringify(body) } : {}),
	});
	const parsed = (await response.json()) as T;
	if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(parsed)}`);
	return parsed;
}

export async function startGeneration(
	sandbox: Sandbox,
	options: { webhookUrl?: string; prompt?: string; apiKey?: string } = {},
): Promise<string> {
	const body = {
		prompt: options.prompt ?? 'A presenter explains the weekly numbers',
		duration: 10,
		webhook_url: options.webhookUrl,
	};
	return (await api<{ job_id: string }>(sandbox, 'POST', '/generation/start', body, options.apiKey)).job_id;
}

export async function startExport(
	sandbox: Sandbox,
	videoId: string,
	webhookUrl?: string,
	apiKey?: string,
): Promise<string> {
	return (
		await api<{ job_id: string }>(
			sandbox,
			'POST',
			'/export/start',
			{ video_id: videoId, webhook_url: webhookUrl },
			apiKey,
		)
	).job_id;
}

export async function jobStatus(
	sandbox: Sandbox,
	kind: 'generation' | 'export',
	jobId: string,
	apiKey?: string,
): Promise<IDataObject> {
	return await api<IDataObject>(sandbox, 'GET', `/${kind}/status/${jobId}`, undefined, apiKey);
}

/** Polls the sandbox until the job is finished; returns its final status body. */
export async function finishedJob(
	sandbox: Sandbox,
	kind: 'generation' | 'export',
	jobId: string,
	apiKey?: string,
): Promise<IDataObject> {
	return await waitFor(async () => {
		const status = await jobStatus(sandbox, kind, jobId, apiKey);
		return status.status === 'completed' || status.status === 'failed' ? status : undefined;
	});
}

/** A finished export on the sandbox and the delivery the service sends for it. */
export async function completedExportDelivery(sandbox: Sandbox): Promise<IDataObject> {
	const generationId = await startGeneration(sandbox);
	const videoId = ((await finishedJob(sandbox, 'generation', generationId)).result as IDataObject).video_id as string;
	const exportId = await startExport(sandbox, videoId);
	const status = await finishedJob(sandbox, 'export', exportId);
	return { job_id: exportId, status: 'completed', result: status.result, task: 'video_export' };
}

export async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
		await sleep(25);
	}
}

/** Resolves once the sandbox has no delivery left to make for these jobs (all retries and copies sent). */
export async function deliveriesSettled(sandbox: Sandbox, jobIds: string[], expectedAttempts: number): Promise<void> {
	await waitFor(() => {
		const attempts = sandbox.webhookDeliveries.filter((attempt) => jobIds.includes(attempt.jobId));
		return attempts.length >= expectedAttempts * jobIds.length ? true : undefined;
	});
}
