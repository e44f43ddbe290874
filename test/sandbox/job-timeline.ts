/**
 * A job's visible state as a pure function of elapsed time, so status reads need no timers and
 * any reconfiguration only affects jobs started afterwards.
 */

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

/**
 * What a phase reports as progress: the share of the whole job done ('job'), the share of its own
 * step done ('step', so it starts again at each step), or a fixed number.
 */
export type PhaseProgress = 'job' | 'step' | number;

export interface Phase {
	/** `null` before the job's first step. */
	step: string | null;
	/** Fraction of the total duration at which this phase ends. */
	until: number;
	/** Default 'processing'. A pending phase reports progress 0. */
	status?: 'pending' | 'processing';
	/** Default 'job'. */
	progress?: PhaseProgress;
}

/** Share of the queue: the first 10 % of a job's duration is pending. */
export const QUEUE_FRACTION = 0.1;
/** A failing job fails when this share of its duration has passed. */
export const FAILURE_POINT = 0.6;

export const GENERATION_PHASES: readonly Phase[] = [
	{ step: 'QUEUE', until: QUEUE_FRACTION, status: 'pending' },
	{ step: 'VOICE_GENERATION', until: 0.7 },
	{ step: 'REDIRECTING', until: 1 },
];

/** Exports queue under their first step; videos with an avatar go through audio and avatar steps. */
export function exportPhases(hasAvatar: boolean): readonly Phase[] {
	if (!hasAvatar) return [{ step: 'render', until: QUEUE_FRACTION, status: 'pending' }, { step: 'render', until: 1 }];
	return [
		{ step: 'render-audio', until: QUEUE_FRACTION, status: 'pending' },
		{ step: 'render-audio', until: 0.3 },
		{ step: 'avatar', until: 0.7 },
		{ step: 'render', until: 1 },
	];
}

/**
 * The service's code: no step before the first one, `progress_step` counted per step (REDIRECTING
 * sets 20 and keeps it through completion), and one trip back to pending, after which the step
 * starts over.
 */
export const CODE_GENERATION_PHASES: readonly Phase[] = [
	{ step: null, until: QUEUE_FRACTION, status: 'pending' },
	{ step: 'VOICE_GENERATION', until: 0.3, progress: 'step' },
	{ step: 'VOICE_GENERATION', until: 0.4, status: 'pending' },
	{ step: 'VOICE_GENERATION', until: 0.9, progress: 'step' },
	{ step: 'REDIRECTING', until: 1, progress: 20 },
];

/** The service's code for exports: no step before the first one and one trip back to pending. */
export function codeExportPhases(hasAvatar: boolean): readonly Phase[] {
	const first = hasAvatar ? 'render-audio' : 'render';
	return [
		{ step: null, until: QUEUE_FRACTION, status: 'pending' },
		{ step: first, until: 0.2 },
		{ step: first, until: 0.3, status: 'pending' },
		...(hasAvatar ? [{ step: 'avatar', until: 0.7 }] : []),
		{ step: 'render', until: 1 },
	];
}

export interface TimelineState {
	status: JobStatus;
	progress: number;
	step: string | null;
}

export function timelineAt(
	elapsedMs: number,
	totalMs: number,
	phases: readonly Phase[],
	fails: boolean,
): TimelineState {
	const fraction = totalMs <= 0 ? 1 : Math.max(0, elapsedMs / totalMs);
	if (fails && fraction >= FAILURE_POINT) return { ...stateAt(phases, FAILURE_POINT), status: 'failed' };
	if (fraction >= 1) {
		const last = phases.length - 1;
		return { status: 'completed', progress: progressAt(phases, last, 1), step: stepOf(phases, last) };
	}
	return stateAt(phases, fraction);
}

/** The state of a job kept in its last step after its time is up, e.g. while it calls back. */
export function heldInLastPhase(phases: readonly Phase[]): TimelineState {
	const last = phases.length - 1;
	return { status: 'processing', progress: Math.min(99, progressAt(phases, last, 1)), step: stepOf(phases, last) };
}

/** When the job reaches its final state (completed, or failed). */
export function settleAfterMs(totalMs: number, fails: boolean): number {
	return fails ? Math.ceil(totalMs * FAILURE_POINT) : totalMs;
}

function stateAt(phases: readonly Phase[], fraction: number): TimelineState {
	const found = phases.findIndex((phase) => fraction < phase.until);
	const index = found === -1 ? phases.length - 1 : found;
	const step = stepOf(phases, index);
	if (phases[index]?.status === 'pending') return { status: 'pending', progress: 0, step };
	return { status: 'processing', progress: Math.min(99, progressAt(phases, index, fraction)), step };
}

function stepOf(phases: readonly Phase[], index: number): string | null {
	return (phases[index] as Phase).step;
}

function progressAt(phases: readonly Phase[], index: number, fraction: number): number {
	const phase = phases[index] as Phase;
	const mode = phase.progress ?? 'job';
	if (typeof mode === 'number') return mode;
	if (mode === 'job') return Math.max(1, Math.floor(fraction * 100));
	const start = index === 0 ? 0 : (phases[index - 1] as Phase).until;
	return Math.floor(((fraction - start) / (phase.until - start)) * 100);
}
