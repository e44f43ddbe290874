import { randomBytes } from 'node:crypto';
import type { Accounts, Space } from './accounts';
import type { JobFailure } from './failure-codes';
import {
	exportPhases,
	GENERATION_PHASES,
	settleAfterMs,
	timelineAt,
	type JobStatus,
	type TimelineState,
} from './job-timeline';
import type { Timers } from './timers';
import { seededDashboardVideos, type VideoRecord } from './videos';
import type { WebhookDispatcher } from './webhooks';

interface JobBase {
	id: string;
	spaceId: string;
	startedAt: number;
	totalMs: number;
	/** Set at start when the job is doomed (marker or failureRate); it fails at 60 % of its duration. */
	failure?: JobFailure;
	/** Credits taken at start; returned if the job fails. */
	cost: number;
	webhookUrl?: string;
	settled: boolean;
}

export interface GenerationJob extends JobBase {
	kind: 'generation';
	videoId: string;
}

export interface ExportJob extends JobBase {
	kind: 'export';
	videoId: string;
	hasAvatar: boolean;
}

export type Job = GenerationJob | ExportJob;

export interface GenerationStatusBody {
	job_id: string;
	status: JobStatus;
	progress_step: number;
	current_step: string | null;
	result?: {
		video_id: string;
		duration: number;
		cost: number;
		created_at: string;
		thumbnail_url: string;
	};
	error?: JobFailure;
}

export interface ExportStatusBody {
	job_id: string;
	status: JobStatus;
	progress: number;
	current_step: string | null;
	result?: { video_url: string; thumbnail_url: string; cost: number; created_at: string };
	error?: JobFailure;
}

interface JobStart {
	space: Space;
	cost: number;
	totalMs: number;
	failure?: JobFailure;
	webhookUrl?: string;
}

export interface EngineDeps {
	accounts: Accounts;
	timers: Timers;
	webhooks: WebhookDispatcher;
	storageUrl: string;
	includeTask: () => boolean;
}

/** Jobs and videos of all spaces: creation, state over time, settlement (refunds, webhooks). */
export class JobEngine {
	private readonly jobs = new Map<string, Job>();
	private readonly videos = new Map<string, VideoRecord>();

	constructor(private readonly deps: EngineDeps) {
		for (const video of seededDashboardVideos()) this.videos.set(video.id, video);
	}

	/** The video exists from the start (same id suffix as the job) but is only exportable once completed. */
	startGeneration(
		start: JobStart & { video: Omit<VideoRecord, 'id' | 'spaceId' | 'generationJobId'> },
	): GenerationJob {
		const suffix = newId();
		const job: GenerationJob = {
			kind: 'generation',
			videoId: `vid_${suffix}`,
			...this.base(`run_${suffix}`, start),
		};
		this.videos.set(job.videoId, {
			...start.video,
			id: job.videoId,
			spaceId: start.space.id,
			generationJobId: job.id,
		});
		this.launch(job, start);
		return job;
	}

	startExport(start: JobStart & { video: VideoRecord }): ExportJob {
		const job: ExportJob = {
			kind: 'export',
			videoId: start.video.id,
			hasAvatar: start.video.avatar !== undefined,
			...this.base(`export_${newId()}`, start),
		};
		this.launch(job, start);
		return job;
	}

	job(id: string): Job | undefined {
		return this.jobs.get(id);
	}

	video(id: string): VideoRecord | undefined {
		return this.videos.get(id);
	}

	isVideoReady(video: VideoRecord, now = Date.now()): boolean {
		if (video.generationJobId === undefined) return true;
		const job = this.jobs.get(video.generationJobId);
		return job !== undefined && this.state(job, now).status === 'completed';
	}

	isExportCompleted(jobId: string, now = Date.now()): boolean {
		const job = this.jobs.get(jobId);
		return job?.kind === 'export' && this.state(job, now).status === 'completed';
	}

	generationStatus(job: GenerationJob, now = Date.now()): GenerationStatusBody {
		this.settle(job, now);
		const state = this.state(job, now);
		const body: GenerationStatusBody = {
			job_id: job.id,
			status: state.status,
			progress_step: state.progress,
			current_step: state.step,
		};
		const video = this.videos.get(job.videoId);
		if (state.status === 'completed' && video) {
			body.result = {
				video_id: video.id,
				duration: video.durationSeconds,
				cost: job.cost,
				created_at: new Date(job.startedAt + job.totalMs).toISOString(),
				thumbnail_url: `${this.deps.storageUrl}/thumbnails/${video.id}.jpg`,
			};
		}
		if (state.status === 'failed' && job.failure) body.error = job.failure;
		return body;
	}

	exportStatus(job: ExportJob, now = Date.now()): ExportStatusBody {
		this.settle(job, now);
		const state = this.state(job, now);
		const body: ExportStatusBody = {
			job_id: job.id,
			status: state.status,
			progress: state.progress,
			current_step: state.step,
		};
		if (state.status === 'completed') {
			body.result = {
				video_url: `${this.deps.storageUrl}/videos/${job.id}.mp4`,
				thumbnail_url: `${this.deps.storageUrl}/thumbnails/${job.id}.jpg`,
				cost: job.cost,
				created_at: new Date(job.startedAt + job.totalMs).toISOString(),
			};
		}
		if (state.status === 'failed' && job.failure) body.error = job.failure;
		return body;
	}

	private base(id: string, start: JobStart): JobBase {
		return {
			id,
			spaceId: start.space.id,
			startedAt: Date.now(),
			totalMs: start.totalMs,
			cost: start.cost,
			settled: false,
			...(start.failure ? { failure: start.failure } : {}),
			...(start.webhookUrl ? { webhookUrl: start.webhookUrl } : {}),
		};
	}

	private launch(job: Job, start: JobStart): void {
		this.deps.accounts.debit(start.space, job.cost);
		this.jobs.set(job.id, job);
		this.scheduleSettle(job, settleAfterMs(job.totalMs, job.failure !== undefined) + 1);
	}

	private scheduleSettle(job: Job, ms: number): void {
		this.deps.timers.set(() => {
			this.settle(job, Date.now());
			if (!job.settled) this.scheduleSettle(job, 5);
		}, ms);
	}

	private state(job: Job, now: number): TimelineState {
		const phases = job.kind === 'generation' ? GENERATION_PHASES : exportPhases(job.hasAvatar);
		return timelineAt(now - job.startedAt, job.totalMs, phases, job.failure !== undefined);
	}

	/** Runs once when a job reaches its final state, from its timer or from the first status read. */
	private settle(job: Job, now: number): void {
		if (job.settled) return;
		const state = this.state(job, now);
		if (state.status !== 'completed' && state.status !== 'failed') return;
		job.settled = true;
		if (state.status === 'failed')
			this.deps.accounts.credit(this.deps.accounts.space(job.spaceId), job.cost);
		if (job.webhookUrl)
			this.deps.webhooks.deliver(job.webhookUrl, job.id, this.webhookBody(job, now));
	}

	private webhookBody(job: Job, now: number): Record<string, unknown> {
		const status =
			job.kind === 'generation' ? this.generationStatus(job, now) : this.exportStatus(job, now);
		return {
			job_id: job.id,
			status: status.status,
			...(status.result ? { result: status.result } : {}),
			...(status.error ? { error: status.error } : {}),
			...(this.deps.includeTask()
				? { task: job.kind === 'generation' ? 'video_generate' : 'video_export' }
				: {}),
		};
	}
}

function newId(): string {
	return randomBytes(6).toString('hex');
}
