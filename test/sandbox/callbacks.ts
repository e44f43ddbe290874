import type { JobFailure } from './failure-codes';
import type { ExportResult, GenerationResult } from './job-results';

/** How a job ended, as its call back reports it. */
export interface JobEnding {
	jobId: string;
	kind: 'generation' | 'export';
	status: 'completed' | 'failed';
	result?: GenerationResult | ExportResult;
	error?: JobFailure;
}

/** When and how a profile calls a job's `webhook_url`. */
export interface CallbackRules {
	headers: Record<string, string>;
	/** Waits before each retry, unless the `webhookRetryDelaysMs` option says otherwise. */
	retryDelaysMs: readonly number[];
	/** The body sent when a job ends; `undefined` when that ending calls nobody. */
	body(ending: JobEnding, includeTask: boolean): Record<string, unknown> | undefined;
	/** The job's status stays in its last step until the delivery is over. */
	holdsCompletion: boolean;
}

/** Every ending of every job, after the documented 1 s, 2 s and 4 s retries; `task` when asked for. */
export const CONTRACT_CALLBACKS: CallbackRules = {
	headers: { 'User-Agent': 'presenter-video-sandbox-webhooks' },
	retryDelaysMs: [1000, 2000, 4000],
	body: (ending, includeTask) => ({
		job_id: ending.jobId,
		status: ending.status,
		...(ending.result ? { result: ending.result } : {}),
		...(ending.error ? { error: ending.error } : {}),
		...(includeTask ? { task: ending.kind === 'generation' ? 'video_generate' : 'video_export' } : {}),
	}),
	holdsCompletion: false,
};

/**
 * The service's code: only a completed generation calls back, 3 attempts in all, from inside the
 * job, so its status says completed only once the delivery is over.
 */
export const CODE_CALLBACKS: CallbackRules = {
	headers: { 'User-Agent': 'Hoox-API/1.0', 'X-Hoox-Webhook': 'true' },
	retryDelaysMs: [1000, 2000],
	body(ending) {
		if (ending.kind !== 'generation' || ending.status !== 'completed' || !ending.result) return undefined;
		const { video_id, cost, created_at } = ending.result as GenerationResult;
		return {
			job_id: ending.jobId,
			status: 'completed',
			result: { video_id, thumbnail_url: '', cost, created_at },
		};
	},
	holdsCompletion: true,
};
