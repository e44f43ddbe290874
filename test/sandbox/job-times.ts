import type { SandboxTimings } from './types';

/** A job's time: the configured one, or in proportion to the video's length when timings say so. */
export function jobMs(timings: SandboxTimings, totalMs: number, videoSeconds: number): number {
	return timings.referenceSeconds ? Math.round((totalMs * videoSeconds) / timings.referenceSeconds) : totalMs;
}
