import type { IDataObject } from 'n8n-workflow';

import { compact } from './compact';
import type { ExportJob, GenerationJob, JobKind, StartResponse } from './types';

/** Flat, predictable fields for the next node (a spreadsheet row, a social post). */

export function simplifyStart(kind: JobKind, start: StartResponse): IDataObject {
	return compact({ kind, jobId: start.job_id, status: start.status, estimatedCredits: start.estimated_credits });
}

export function simplifyGenerationJob(job: GenerationJob): IDataObject {
	return compact({
		kind: 'generation',
		jobId: job.job_id,
		status: job.status,
		progress: job.progress_step,
		currentStep: job.current_step,
		videoId: job.result?.video_id,
		duration: job.result?.duration,
		cost: job.result?.cost,
		thumbnailUrl: job.result?.thumbnail_url,
		createdAt: job.result?.created_at,
		error: job.error ? { code: job.error.code, message: job.error.message } : undefined,
	});
}

export function simplifyExportJob(job: ExportJob): IDataObject {
	return compact({
		kind: 'export',
		jobId: job.job_id,
		status: job.status,
		progress: job.progress,
		currentStep: job.current_step,
		videoUrl: job.result?.video_url,
		thumbnailUrl: job.result?.thumbnail_url,
		cost: job.result?.cost,
		createdAt: job.result?.created_at,
		error: job.error ? { code: job.error.code, message: job.error.message } : undefined,
	});
}

export function simplifyJob(kind: JobKind, job: GenerationJob | ExportJob): IDataObject {
	return kind === 'generation' ? simplifyGenerationJob(job as GenerationJob) : simplifyExportJob(job as ExportJob);
}
