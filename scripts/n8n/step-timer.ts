import { formatDuration, logProgress } from './progress-log';

/** Runs named steps, logs each as it ends, and keeps the timings for a closing report. */
export class StepTimer {
	readonly steps: Array<{ name: string; ms: number }> = [];

	constructor(private readonly scope: string) {}

	async step<T>(name: string, work: () => Promise<T>): Promise<T> {
		const started = Date.now();
		const result = await work();
		const ms = Date.now() - started;
		this.steps.push({ name, ms });
		logProgress(this.scope, `${name} (${formatDuration(ms)})`);
		return result;
	}

	report(): string {
		const width = Math.max(...this.steps.map((step) => step.name.length));
		return this.steps.map((step) => `  ${step.name.padEnd(width)}  ${formatDuration(step.ms).padStart(9)}`).join('\n');
	}
}
