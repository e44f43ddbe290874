/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * Runs this process's clock faster than the wall: `Date` and the timers of everything in it (the
 * node, n8n-core, the sandbox) pass `factor` ms of service time per ms of wall time, so that a
 * test or a benchmark sees minutes of the service's time (its 60 s rate window, 3-minute jobs, the
 * polling schedule) in seconds, with nothing in the node told so. Processes given the same
 * `origin` and `factor` share one clock. Returns what puts the real clock back.
 */
let currentFactor = 1;

/** Service ms that pass in `wallMs` of wall time: a bound meant for the wall (a run's time-out) stays one. */
export function serviceTimeIn(wallMs: number): number {
	return wallMs * currentFactor;
}

export function runServiceTimeFaster(factor: number, origin = Date.now()): () => void {
	if (!(factor >= 1)) throw new RangeError('The factor must be 1 or more');
	currentFactor = factor;
	const RealDate = Date;
	const realSetTimeout = globalThis.setTimeout;
	const realSetInterval = globalThis.setInterval;
	const now = () => origin + (RealDate.now() - origin) * factor;

	class ServiceDate extends RealDate {
		constructor(...args: unknown[]) {
			if (args.length === 0) super(now());
			else super(...(args as [string | number]));
		}

		static now(): number {
			return now();
		}
	}

	const scaled = <T extends typeof setTimeout | typeof setInterval>(real: T): T =>
		((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
			real(callback, (ms ?? 0) / factor, ...args)) as unknown as T;

	globalThis.Date = ServiceDate as DateConstructor;
	globalThis.setTimeout = scaled(realSetTimeout);
	globalThis.setInterval = scaled(realSetInterval);
	return () => {
		currentFactor = 1;
		globalThis.Date = RealDate;
		globalThis.setTimeout = realSetTimeout;
		globalThis.setInterval = realSetInterval;
	};
}
