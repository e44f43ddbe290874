import { ApiError, insufficientCredits, internalError } from '../api-errors';
import { exportCost } from '../costs';
import { chooseJobFailure } from '../failure-codes';
import { parseExportStart, type ExportRequest } from '../export-request';
import { jobMs } from '../job-times';
import { isModelAllowed } from '../plans';
import type { Handler } from '../state';
import { frameSize, type VideoFormat, type VideoRecord } from '../videos';
import { ownedJob } from './owned-job';

/** POST /export/start */
export const startExport: Handler = ({ state, space, body }) => {
	const { profile } = state;
	const request = parseExportStart(body, profile.formats);
	if (!profile.ids.canLookUpVideo(request.videoId)) throw internalError();
	const video = state.engine.video(request.videoId);
	if (!video) throw new ApiError(404, 'VIDEO_NOT_FOUND', `Video "${request.videoId}" not found.`);
	if (video.spaceId !== space.id)
		throw new ApiError(403, 'UNAUTHORIZED_VIDEO', 'This video belongs to another space.');
	if (!state.engine.isVideoReady(video)) {
		throw new ApiError(400, 'VIDEO_NOT_READY', 'The video generation is not completed yet.');
	}
	const avatarModel = profile.avatarModels.choose(video, request.avatarModel);
	if (avatarModel !== undefined && !isModelAllowed(avatarModel, space.plan)) {
		throw new ApiError(
			403,
			'plan_required',
			`The ${avatarModel} avatar model needs a higher plan.`,
		);
	}

	const cost = exportCost(
		{
			durationSeconds: video.durationSeconds,
			origin: video.origin,
			...exportFrame(video, request),
			...(avatarModel !== undefined ? { avatarModel, avatarSeconds: video.avatarSeconds } : {}),
		},
		profile.prices.export,
	).total;
	// The spec limits INSUFFICIENT_CREDITS on export to dashboard-created videos.
	if (video.origin === 'dashboard' && !state.accounts.canAfford(space, cost)) {
		throw insufficientCredits(cost, space.credits);
	}

	const failure = chooseJobFailure(
		video.exportFailCode,
		state.jobRandom,
		state.options.failureRate,
		profile.failures.export,
	);
	const job = state.engine.startExport({
		space,
		profile,
		video,
		cost,
		billing: profile.prices.billing('export', video.origin),
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
	body: context.state.engine.status(ownedJob(context, 'export')),
});

/** The original format by default; a custom original keeps its own size. */
function exportFrame(
	video: VideoRecord,
	request: ExportRequest,
): { format: VideoFormat; width: number; height: number } {
	const format = request.format ?? video.format;
	if (request.format === undefined && video.format === 'custom')
		return { format, width: video.width, height: video.height };
	return { format, ...frameSize(format, request.width, request.height) };
}
