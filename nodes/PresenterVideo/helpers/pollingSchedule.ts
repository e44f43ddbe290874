import type { JobKind } from './types';

/** One step of a schedule: from `afterMs` of waiting on, poll every `everyMs`. */
interface ScheduleStep {
	afterMs: number;
	everyMs: number;
}

/** The service's recommended polling rhythms, per job kind. */
export const POLLING_SCHEDULES: Record<JobKind, readonly ScheduleStep[]> = {
	generation: [
		{ afterMs: 0, everyMs: 5_000 },
		{ afterMs: 60_000, everyMs: 10_000 },
		{ afterMs: 300_000, everyMs: 30_000 },
	],
	export: [
		{ afterMs: 0, everyMs: 3_000 },
		{ afterMs: 30_000, everyMs: 5_000 },
		{ afterMs: 120_000, everyMs: 10_000 },
	],
};

/** How long to wait before the next status call, given how long the job has been waited for. */
export function pollInterval(kind: JobKind, elapsedMs: number): number {
	const steps = POLLING_SCHEDULES[kind];
	let interval = steps[0].everyMs;
	for (const step of steps) if (elapsedMs >= step.afterMs) interval = step.everyMs;
	return interval;
}
