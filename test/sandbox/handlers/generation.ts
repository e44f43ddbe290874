import { insufficientCredits } from '../api-errors';
import { chooseJobFailure } from '../failure-codes';
import { parseGenerationStart } from '../generation-request';
import { jobMs } from '../job-times';
import type { Handler } from '../state';
import { ownedJob } from './owned-job';

/** POST /generation/start: validates, checks credits, and queues the job; the profile says when it is billed. */
export const startGeneration: Handler = ({ state, space, body }) => {
	const { profile } = state;
	const plan = parseGenerationStart(body, {
		spaceId: space.id,
		catalogue: state.catalogue,
		formats: profile.formats,
		avatarModels: profile.avatarModels,
	});
	const cost = profile.prices.generation({
		durationSeconds: plan.durationSeconds,
		animatedImages: plan.animatedImages,
	});
	if (!state.accounts.canAfford(space, cost)) throw insufficientCredits(cost, space.credits);

	const failure = chooseJobFailure(
		plan.failCode,
		state.jobRandom,
		state.options.failureRate,
		profile.failures.generation,
	);
	const job = state.engine.startGeneration({
		space,
		profile,
		cost,
		billing: profile.prices.billing('generation', 'api'),
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
			...(plan.veoMade ? { veoMade: true } : {}),
			...(plan.exportsWithoutResult ? { exportsWithoutResult: true } : {}),
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
	body: context.state.engine.status(ownedJob(context, 'generation')),
});
