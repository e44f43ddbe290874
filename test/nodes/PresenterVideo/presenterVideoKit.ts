import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { PresenterVideo } from '../../../nodes/PresenterVideo/PresenterVideo.node';
import { runNode, type NodeRunResult } from '../../harness';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

/** Runs the Presenter Video node in a real n8n-core workflow against a sandbox. */
export interface PresenterVideoRun {
	parameters: INodeParameters;
	items?: INodeExecutionData[];
	apiKey?: string;
	continueOnFail?: boolean;
	/** Node settings such as Retry On Fail; continueOnFail above is a shortcut. */
	nodeSettings?: Partial<Omit<INode, 'parameters' | 'type' | 'name'>>;
	/** Workflow static data shared between runs, as n8n keeps it for a saved workflow. */
	staticData?: IDataObject;
	mode?: WorkflowExecuteMode;
	abortSignal?: AbortSignal;
	/** Runs that name the same credential share its request budget; by default each run has its own. */
	credentialId?: string;
	/** The credential's Requests per Minute; by default high, so tests not about the limit are not paced. */
	requestsPerMinute?: number;
	/** The node's name, e.g. to rename it between runs; its id stays the same. */
	name?: string;
	/** Runs of one saved workflow share its id. */
	workflowId?: string;
	/** Where `$execution.resumeUrl` points, e.g. a harness waiting-webhook server. */
	urls?: { instanceBaseUrl: string; webhookWaitingBaseUrl: string };
	/** As n8n 1.x runs it: the execution has no resume token. */
	withoutResumeToken?: boolean;
	/** Runs again inside an earlier run's execution, as in a loop. */
	executionId?: string;
	/** The node; by default a new PresenterVideo as this module loads it. */
	nodeType?: INodeType;
}

/** A prompt-made video's fields, shared by the video operation tests. */
export const PROMPT_VIDEO = {
	resource: 'video',
	inputMethod: 'prompt',
	prompt: 'Our new coffee blend',
	duration: 30,
	format: 'vertical',
};

export const FAST_TIMINGS: Partial<SandboxOptions> = { timings: { generationMs: 300, exportMs: 200 } };

/** A second between status calls keeps short tests short; the real schedule is pinned by unit tests. */
export const FAST_POLLING = { pollingIntervalSeconds: 1 };

/** A 30-second prompt video, started and returned at once. */
export const PROMPT_GENERATE = {
	resource: 'video',
	operation: 'generate',
	inputMethod: 'prompt',
	prompt: 'Coffee',
	duration: 30,
	format: 'vertical',
	waitForCompletion: 'none',
};

/** Export of a video in its own format, waited for as `waitForCompletion` says. */
export function exportParameters(videoId: string, waitForCompletion: string): INodeParameters {
	return {
		resource: 'video',
		operation: 'export',
		videoId,
		format: 'original',
		waitForCompletion,
		options: FAST_POLLING,
	};
}

let runs = 0;

export async function runPresenterVideo(
	sandbox: Pick<Sandbox, 'baseUrl' | 'keys'>,
	run: PresenterVideoRun,
): Promise<NodeRunResult> {
	runs += 1;
	return await runNode({
		nodeType: run.nodeType ?? new PresenterVideo(),
		type: 'n8n-nodes-presenter-video.presenterVideo',
		parameters: run.parameters,
		name: run.name,
		workflowId: run.workflowId,
		inputItems: run.items ?? [{ json: {} }],
		credentials: [
			{
				type: 'presenterVideoApi',
				id: run.credentialId ?? `cred-${runs}`,
				data: {
					apiKey: run.apiKey ?? sandbox.keys.main,
					baseUrl: sandbox.baseUrl,
					requestsPerMinute: run.requestsPerMinute ?? 100_000,
				},
			},
		],
		nodeSettings: { ...(run.continueOnFail ? { continueOnFail: true } : {}), ...run.nodeSettings },
		staticData: run.staticData,
		mode: run.mode,
		abortSignal: run.abortSignal,
		withoutResumeToken: run.withoutResumeToken,
		executionId: run.executionId,
		...run.urls,
		timeoutMs: 120_000,
	});
}

export function apiRequests(sandbox: Sandbox, pathPart: string, method?: string) {
	return sandbox.requests.filter(
		(request) =>
			request.listener === 'api' && request.path.includes(pathPart) && (!method || request.method === method),
	);
}

export async function withSandbox(options: Partial<SandboxOptions> = FAST_TIMINGS): Promise<Sandbox> {
	return await startSandbox(options);
}

export function isMp4(bytes: Buffer): boolean {
	return bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';
}
