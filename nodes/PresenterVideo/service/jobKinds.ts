import type { IDataObject } from 'n8n-workflow';

import type { ExportJob, GenerationJob, JobKind, ServiceJob } from './types';
import { TIMING, type ScheduleStep } from '../timing';

/** Everything that differs between the two kinds of job the service runs. */
interface JobKindInfo {
	/** For messages: "Export job export_1 failed". */
	label: string;
	startPath: string;
	statusPath(jobId: string): string;
	/** The service's recommended polling rhythm. */
	schedule: readonly ScheduleStep[];
	/** How the service's ids of this kind begin: for examples in fields. */
	idPrefix: string;
	/** The operation that starts this kind of job, and the one that reads its status: named in fixes and hints. */
	startOperation: string;
	statusOperation: string;
	/** The progress and result fields of this kind, for the simplified output. */
	details(job: ServiceJob): IDataObject;
	/** The video seconds a start asks for, when its body says: job times grow with it. */
	sizeSeconds(body: IDataObject): number | undefined;
}

// Ids may come from unauthenticated callbacks: encoded, they cannot reach another path.
export const JOB_KINDS: Record<JobKind, JobKindInfo> = {
	generation: {
		label: 'Generation',
		startPath: '/generation/start',
		statusPath: (jobId) => `/generation/status/${encodeURIComponent(jobId)}`,
		schedule: TIMING.pollSchedule.generation,
		idPrefix: 'run_',
		startOperation: 'Generate',
		statusOperation: 'Get Generation Status',
		details: (job) => {
			const { progress_step, current_step, result } = job as GenerationJob;
			return {
				progress: progress_step,
				currentStep: current_step,
				videoId: result?.video_id,
				duration: result?.duration,
				cost: result?.cost,
				thumbnailUrl: result?.thumbnail_url,
				createdAt: result?.created_at,
			};
		},
		sizeSeconds: ({ duration }) => (typeof duration === 'number' && duration > 0 ? duration : undefined),
	},
	export: {
		label: 'Export',
		startPath: '/export/start',
		statusPath: (jobId) => `/export/status/${encodeURIComponent(jobId)}`,
		schedule: TIMING.pollSchedule.export,
		idPrefix: 'export_',
		startOperation: 'Export',
		statusOperation: 'Get Export Status',
		details: (job) => {
			const { progress, current_step, result } = job as ExportJob;
			return {
				progress,
				currentStep: current_step,
				videoUrl: result?.video_url,
				thumbnailUrl: result?.thumbnail_url,
				cost: result?.cost,
				createdAt: result?.created_at,
			};
		},
		// The export body names a video, not its length: Create passes the length its generation reported.
		sizeSeconds: () => undefined,
	},
};

/** How long to wait before the next status call, given how long the job has been waited for. */
export function pollInterval(kind: JobKind, elapsedMs: number): number {
	const steps = JOB_KINDS[kind].schedule;
	let interval = steps[0].everyMs;
	for (const step of steps) if (elapsedMs >= step.afterMs) interval = step.everyMs;
	return interval;
}

export function isTerminal(status: unknown): boolean {
	return status === 'completed' || status === 'failed';
}
