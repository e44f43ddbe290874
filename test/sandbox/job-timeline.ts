/**
 * A job's visible state as a pure function of elapsed time, so status reads need no timers and
 * any reconfiguration only affects jobs started afterwards.
 */

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface Phase {
	step: string;
	/** Fraction of the total duration at which this phase ends. */
	until: number;
}

/** The first phase is the queue: status pending, progress 0. */
export const GENERATION_PHASES: readonly Phase[] = [
	{ step: 'QUEUE', until: 0.1 },
	{ step: 'VOICE_GENERATION', until: 0.7 },
	{ step: 'REDIRECTING', until: 1 },
];

/** Exports queue under the first render step; videos with an avatar go through audio and avatar steps. */
export function exportPhases(hasAvatar: boolean): readonly Phase[] {
	if (!hasAvatar) return [{ step: 'render', until: 1 }];
	return [
		{ step: 'render-audio', until: 0.3 },
		{ step: 'avatar', until: 0.7 },
		{ step: 'render', until: 1 },
	];
}

/** Share of the queue in an export: the first 10 % of its duration is pending. */
export const QUEUE_FRACTION = 0.1;
/** A failing job fails when this share of its duration has passed. */
export const FAILURE_POINT = 0.6;

export interface TimelineState {
	status: JobStatus;
	progress: number;
	step: string;
}

export function timelineAt(
	elapsedMs: number,
	totalMs: number,
	phases: readonly Phase[],
	fails: boolean,
): TimelineState {
	const fraction = totalMs <= 0 ? 1 : Math.max(0, elapsedMs / totalMs);
	if (fails && fraction >= FAILURE_POINT) {
		return {
			status: 'failed',
			progress: progressAt(FAILURE_POINT),
			step: stepAt(phases, FAILURE_POINT),
		};
	}
	const last = phases[phases.length - 1] as Phase;
	if (fraction >= 1) return { status: 'completed', progress: 100, step: last.step };
	if (fraction < QUEUE_FRACTION)
		return { status: 'pending', progress: 0, step: stepAt(phases, fraction) };
	return { status: 'processing', progress: progressAt(fraction), step: stepAt(phases, fraction) };
}

/** When the job reaches its final state (completed, or failed). */
export function settleAfterMs(totalMs: number, fails: boolean): number {
	return fails ? Math.ceil(totalMs * FAILURE_POINT) : totalMs;
}

function progressAt(fraction: number): number {
	return Math.min(99, Math.max(1, Math.floor(fraction * 100)));
}

function stepAt(phases: readonly Phase[], fraction: number): string {
	const phase = phases.find((candidate) => fraction < candidate.until) ?? phases[phases.length - 1];
	return (phase as Phase).step;
}
