import { settledJobJson } from '../../../../nodes/PresenterVideo/jobs/output';
import type { ServiceJob } from '../../../../nodes/PresenterVideo/service/types';

/** As the service's code answers a generation it has called back for: completed, with the step it had reached. */
const completedEarly = {
	job_id: 'run_1',
	status: 'completed',
	progress_step: 20,
	current_step: 'REDIRECTING',
	result: { video_id: 'vid_1', duration: 30, cost: 5, created_at: '2026-11-22T10:00:00Z' },
} as unknown as ServiceJob;

describe('a settled job in the output', () => {
	it('reads as complete once completed, without the service-internal step', () => {
		const json = settledJobJson({ kind: 'generation', job: completedEarly, timedOut: false }, true);
		expect(json).toMatchObject({ status: 'completed', progress: 100, videoId: 'vid_1' });
		expect(json).not.toHaveProperty('currentStep');
	});

	it('keeps the progress and step of a job still running', () => {
		const running = { job_id: 'run_2', status: 'processing', progress_step: 40, current_step: 'VOICE_GENERATION' };
		const json = settledJobJson({ kind: 'generation', job: running as unknown as ServiceJob, timedOut: false }, true);
		expect(json).toMatchObject({ progress: 40, currentStep: 'VOICE_GENERATION' });
	});

	it('keeps the raw answer when Simplify is off', () => {
		const json = settledJobJson({ kind: 'generation', job: completedEarly, timedOut: false }, false);
		expect(json).toMatchObject({ progress_step: 20, current_step: 'REDIRECTING' });
	});
});
