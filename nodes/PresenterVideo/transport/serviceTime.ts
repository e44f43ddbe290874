/**
 * The pace of the service's clock relative to ours: 1 in production. Benchmarks and tests run the
 * service time-scaled (a 60 s window in 1.2 s), and set the same factor here so that the rate
 * window and the polling schedule keep their ratios to the job times.
 */
let timeScale = 1;

export function serviceMs(ms: number): number {
	return ms * timeScale;
}

export function setServiceTimeScale(factor: number): void {
	if (!(factor > 0)) throw new RangeError('The time scale must be a positive number');
	timeScale = factor;
}
