import type { Accounts, Space } from './accounts';
import type { CallbackRules, JobEnding } from './callbacks';
import type { Billing } from './costs';
import type { JobFailure } from './failure-codes';
import type { ExportResult, GenerationResult } from './job-results';
import {
	heldInLastPhase,
	settleAfterMs,
	timelineAt,
	type JobStatus,
	type Phase,
	type TimelineState,
} from './job-timeline';
import type { SandboxProfile } from './profiles';
import type { Timers } from './timers';
import type { VideoRecord } from './videos';
import type { WebhookDispatcher, WebhookPolicy } from './webhooks';

interface JobBase {
	id: string;
	spaceId: string;
	startedAt: number;
	totalMs: number;
	/** The profile the job started under: it keeps its rules when the sandbox switches. */
	profile: SandboxProfile;
	phases: readonly Phase[];
	/** Set at start when the job is doomed (marker or failureRate); it fails at 60 % of its duration. */
	failure?: JobFailure;
	/** The job's price, taken as `billing` says. */
	cost: number;
	billing: Billing;
	webhookUrl?: string;
	settled: boolean;
	/** Its call back is under way and its profile holds the status until the delivery is over. */
	callingBack: boolean;
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
	result?: GenerationResult;
	error?: JobFailure;
}

export interface ExportStatusBody {
	job_id: string;
	status: JobStatus;
	progress: number;
	current_step: string | null;
	result?: ExportResult;
	error?: JobFailure;
}

interface JobStart {
	space: Space;
	profile: SandboxProfile;
	cost: number;
	billing: Billing;
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
	/** The delivery policy of a call back under these rules and the current options. */
	webhookPolicy: (rules: CallbackRules) => WebhookPolicy;
	/** Finished videos that exist from the start. */
	seededVideos: VideoRecord[];
}

/** Jobs and videos of all spaces: creation, state over time, settlement (billing, call backs). */
export class JobEngine {
	private readonly jobs = new Map<string, Job>();
	private readonly videos = new Map<string, VideoRecord>();

	constructor(private readonly deps: EngineDeps) {
		for (const video of deps.seededVideos) this.videos.set(video.id, video);
	}

	/** The video exists from the start but is only exportable once completed. */
	startGeneration(
		start: JobStart & { video: Omit<VideoRecord, 'id' | 'spaceId' | 'generationJobId'> },
	): GenerationJob {
		const { jobId, videoId } = start.profile.ids.generation();
		const job: GenerationJob = {
			kind: 'generation',
			videoId,
			...this.base(jobId, start, start.profile.phases.generation),
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
		const hasAvatar = start.video.avatar !== undefined;
		const job: ExportJob = {
			kind: 'export',
			videoId: start.video.id,
			hasAvatar,
			...this.base(start.profile.ids.exportJob(), start, start.profile.phases.export(hasAvatar)),
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

	/** The job's status body, in the shape of its own kind. */
	status(job: Job, now = Date.now()): GenerationStatusBody | ExportStatusBody {
		return job.kind === 'generation' ? this.generationStatus(job, now) : this.exportStatus(job, now);
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
		const result = state.status === 'completed' ? this.generationResult(job) : undefined;
		if (result) body.result = result;
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
		const result = state.status === 'completed' ? this.exportResult(job) : undefined;
		if (result) body.result = result;
		if (state.status === 'failed' && job.failure) body.error = job.failure;
		return body;
	}

	private generationResult(job: GenerationJob): GenerationResult | undefined {
		const video = this.videos.get(job.videoId);
		if (!video) return undefined;
		return job.profile.results.generation({
			videoId: video.id,
			durationSeconds: video.durationSeconds,
			cost: job.cost,
			createdAt: completedAt(job),
			thumbnailUrl: `${this.deps.storageUrl}/thumbnails/${video.id}.jpg`,
		});
	}

	private exportResult(job: ExportJob): ExportResult | undefined {
		const video = this.videos.get(job.videoId);
		if (!video) return undefined;
		return job.profile.results.export(
			{
				video_url: `${this.deps.storageUrl}/videos/${job.id}.mp4`,
				thumbnail_url: `${this.deps.storageUrl}/thumbnails/${job.id}.jpg`,
				cost: job.cost,
				created_at: completedAt(job),
			},
			video,
		);
	}

	private base(id: string, start: JobStart, phases: readonly Phase[]): JobBase {
		return {
			id,
			spaceId: start.space.id,
			startedAt: Date.now(),
			totalMs: start.totalMs,
			profile: start.profile,
			phases,
			cost: start.cost,
			billing: start.billing,
			settled: false,
			callingBack: false,
			...(start.failure ? { failure: start.failure } : {}),
			...(start.webhookUrl ? { webhookUrl: start.webhookUrl } : {}),
		};
	}

	private launch(job: Job, start: JobStart): void {
		if (job.billing === 'at-start') this.deps.accounts.debit(start.space, job.cost);
		this.jobs.set(job.id, job);
		this.scheduleSettle(job, settleAfterMs(job.totalMs, job.failure !== undefined) + 1);
	}

	private scheduleSettle(job: Job, ms: number): void {
		this.deps.timers.set(() => {
			this.settle(job, Date.now());
			if (!job.settled) this.scheduleSettle(job, 5);
		}, ms);
	}

	/** What a status read shows: the timeline, unless the job is held while it calls back. */
	private state(job: Job, now: number): TimelineState {
		return job.callingBack ? heldInLastPhase(job.phases) : this.timeline(job, now);
	}

	private timeline(job: Job, now: number): TimelineState {
		return timelineAt(now - job.startedAt, job.totalMs, job.phases, job.failure !== undefined);
	}

	/** Runs once when a job's time is up (completed, or failed), from its timer or the first status read. */
	private settle(job: Job, now: number): void {
		if (job.settled) return;
		const { status } = this.timeline(job, now);
		if (status !== 'completed' && status !== 'failed') return;
		job.settled = true;
		this.bill(job, status);
		this.callBack(job, status);
	}

	private bill(job: Job, status: 'completed' | 'failed'): void {
		const space = this.deps.accounts.space(job.spaceId);
		if (status === 'failed' && job.billing === 'at-start') this.deps.accounts.credit(space, job.cost);
		if (status === 'completed' && job.billing === 'at-completion') this.deps.accounts.debit(space, job.cost);
	}

	private callBack(job: Job, status: 'completed' | 'failed'): void {
		if (!job.webhookUrl) return;
		const rules = job.profile.callbacks;
		const body = rules.body(this.ending(job, status), this.deps.includeTask());
		if (!body) return;
		const delivery = this.deps.webhooks.deliver(job.webhookUrl, job.id, body, this.deps.webhookPolicy(rules));
		if (!rules.holdsCompletion) return;
		job.callingBack = true;
		void delivery.then(() => {
			job.callingBack = false;
		});
	}

	private ending(job: Job, status: 'completed' | 'failed'): JobEnding {
		const result =
			status !== 'completed'
				? undefined
				: job.kind === 'generation'
					? this.generationResult(job)
					: this.exportResult(job);
		return {
			jobId: job.id,
			kind: job.kind,
			status,
			...(result ? { result } : {}),
			...(status === 'failed' && job.failure ? { error: job.failure } : {}),
		};
	}
}

function completedAt(job: Job): string {
	return new Date(job.startedAt + job.totalMs).toISOString();
}
