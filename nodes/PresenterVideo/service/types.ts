/** Shapes of the service's resources, as the contract describes them. */

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export type TerminalStatus = Extract<JobStatus, 'completed' | 'failed'>;

export interface GenerationResult {
	video_id: string;
	duration?: number;
	cost?: number;
	created_at?: string;
	thumbnail_url?: string;
}

export interface ExportResult {
	video_url: string;
	thumbnail_url?: string;
	cost?: number;
	created_at?: string;
}

/** What both kinds of job report; their progress and result fields differ. */
interface Job<Result> {
	job_id: string;
	status: JobStatus;
	current_step?: string;
	result?: Result;
	error?: { code: string; message: string };
}

export interface GenerationJob extends Job<GenerationResult> {
	progress_step?: number;
}

export interface ExportJob extends Job<ExportResult> {
	progress?: number;
}

/** A job as the service reports it: the answer to its start, or its status. */
export type ServiceJob = (GenerationJob | ExportJob) & { estimated_credits?: number };

export interface Voice {
	id: string;
	name: string;
	language?: string;
	accent?: string;
	gender?: string;
	tags?: string[];
	preview?: string;
}

export interface Avatar {
	id: string;
	name: string;
	gender?: string;
	place?: string;
	format?: string;
	tags?: string[];
	thumbnail?: string;
	preview?: string;
	model_available?: string[];
}

export interface ScriptResult {
	script: string;
	cost: number;
	extractedImages?: string[];
}

export type JobKind = 'generation' | 'export';

/** A JSON object as the service or a caller sends it: not null, not a list. */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
