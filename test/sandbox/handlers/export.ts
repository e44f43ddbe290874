import { ApiError, insufficientCredits } from '../api-errors';
import { exportCost, type AvatarModel } from '../costs';
import { chooseFailure, EXPORT_FAILURE_CODES } from '../failure-codes';
import { parseExportStart, type ExportRequest } from '../export-request';
import { jobMs } from '../job-times';
import { isModelAllowed } from '../plans';
import type { Handler } from '../state';
import { frameSize, type VideoRecord } from '../videos';
import { ownedJob } from './owned-job';

/** POST /export/start */
export const startExport: Handler = ({ state, space, body }) => {
	const request = parseExportStart(body);
	const video = state.engine.video(request.videoId);
	if (!video) throw new ApiError(404, 'VIDEO_NOT_FOUND', `Video "${request.videoId}" not found.`);
	if (video.spaceId !== space.id)
		throw new ApiError(403, 'UNAUTHORIZED_VIDEO', 'This video belongs to another space.');
	if (!state.engine.isVideoReady(video)) {
		throw new ApiError(400, 'VIDEO_NOT_READY', 'The video generation is not completed yet.');
	}
	const avatarModel = chooseAvatarModel(video, request);
	if (avatarModel !== undefined && !isModelAllowed(avatarModel, space.plan)) {
		throw new ApiError(
			403,
			'plan_required',
			`The ${avatarModel} avatar model needs a higher plan.`,
		);
	}

	const size = exportSize(video, request);
	const cost = exportCost({
		durationSeconds: video.durationSeconds,
		origin: video.origin,
		...size,
		...(avatarModel !== undefined ? { avatarModel, avatarSeconds: video.avatarSeconds } : {}),
	}).total;
	// The spec limits INSUFFICIENT_CREDITS on export to dashboard-created videos.
	if (video.origin === 'dashboard' && !state.accounts.canAfford(space, cost)) {
		throw insufficientCredits(cost, space.credits);
	}

	const failure = chooseFailure(
		video.exportFailCode,
		state.jobRandom,
		state.options.failureRate,
		EXPORT_FAILURE_CODES,
	);
	const job = state.engine.startExport({
		space,
		video,
		cost,
		totalMs: jobMs(state.options.timings, state.options.timings.exportMs, video.durationSeconds),
		...(failure ? { failure } : {}),
		...(request.webhookUrl !== undefined ? { webhookUrl: request.webhookUrl } : {}),
	});
	return {
		status: state.options.startStatus,
		body: { job_id: job.id, status: 'pending', estimated_credits: cost },
	};
};

/** GET /export/status/{jobId} */
export const exportStatus: Handler = (context) => ({
	status: 200,
	body: context.state.engine.exportStatus(ownedJob(context, 'export')),
});

/** Without avatar_model the service picks standard when the avatar offers it, else premium, else its first model. */
function chooseAvatarModel(video: VideoRecord, request: ExportRequest): AvatarModel | undefined {
	if (request.avatarModel === undefined) {
		const models = video.avatar?.modelAvailable;
		if (!models) return undefined;
		return models.includes('standard')
			? 'standard'
			: models.includes('premium')
				? 'premium'
				: models[0];
	}
	if (!video.avatar) {
		throw new ApiError(
			400,
			'INVALID_PARAMETER',
			'avatar_model must not be sent for a video without avatar.',
		);
	}
	if (!video.avatar.modelAvailable.includes(request.avatarModel)) {
		throw new ApiError(
			400,
			'INCOMPATIBLE_AVATAR_MODEL',
			`The avatar does not support ${request.avatarModel}; available: ${video.avatar.modelAvailable.join(', ')}.`,
		);
	}
	return request.avatarModel;
}

/** The original format by default; a custom original keeps its own size. */
function exportSize(video: VideoRecord, request: ExportRequest): { width: number; height: number } {
	const format = request.format ?? video.format;
	if (request.format === undefined && video.format === 'custom')
		return { width: video.width, height: video.height };
	return frameSize(format, request.width, request.height);
}
