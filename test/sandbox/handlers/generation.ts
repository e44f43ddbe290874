import { insufficientCredits } from '../api-errors';
import { generationCost } from '../costs';
import { chooseFailure, GENERATION_FAILURE_CODES } from '../failure-codes';
import { parseGenerationStart } from '../generation-request';
import { jobMs } from '../job-times';
import type { Handler } from '../state';
import { ownedJob } from './owned-job';

/** POST /generation/start: validates, checks credits, takes them, and queues the job. */
export const startGeneration: Handler = ({ state, space, body }) => {
	const plan = parseGenerationStart(body, space.id, state.catalogue);
	const cost = generationCost({
		durationSeconds: plan.durationSeconds,
		animatedImages: plan.animatedImages,
	});
	if (!state.accounts.canAfford(space, cost)) throw insufficientCredits(cost, space.credits);

	const failure = chooseFailure(
		plan.failCode,
		state.jobRandom,
		state.options.failureRate,
		GENERATION_FAILURE_CODES,
	);
	const job = state.engine.startGeneration({
		space,
		cost,
		totalMs: jobMs(state.options.timings, state.options.timings.generationMs, plan.durationSeconds),
		...(failure ? { failure } : {}),
		...(plan.webhookUrl !== undefined ? { webhookUrl: plan.webhookUrl } : {}),
		video: {
			origin: 'api',
			durationSeconds: plan.durationSeconds,
			format: plan.format,
			width: plan.width,
			height: plan.height,
			...(plan.avatar ? { avatar: plan.avatar } : {}),
			avatarSeconds: plan.avatarSeconds,
			...(plan.exportFailCode !== undefined ? { exportFailCode: plan.exportFailCode } : {}),
		},
	});
	return {
		status: state.options.startStatus,
		body: { job_id: job.id, status: 'pending', estimated_credits: cost },
	};
};

/** GET /generation/status/{jobId} */
export const generationStatus: Handler = (context) => ({
	status: 200,
	body: context.state.engine.generationStatus(ownedJob(context, 'generation')),
});
