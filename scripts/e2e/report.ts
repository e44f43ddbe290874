import { formatDuration } from '../n8n/progress-log';

export interface StepResult {
	name: string;
	ms: number;
	error?: Error;
	/** Not run on this version, and why. */
	skipped?: string;
}

export interface VersionResult {
	title: string;
	steps: StepResult[];
}

export function failures(results: VersionResult[]): number {
	return results.reduce((sum, result) => sum + result.steps.filter((step) => step.error !== undefined).length, 0);
}

/** One line per step: PASS/FAIL, name, seconds; then the first line of each failure. */
export function formatReport(results: VersionResult[], preparation: StepResult, totalMs: number): string {
	const all = [preparation, ...results.flatMap((result) => result.steps)];
	const width = Math.max(...all.map((step) => step.name.length));
	const line = (step: StepResult) =>
		step.skipped !== undefined
			? `  SKIP  ${step.name.padEnd(width)}  ${''.padStart(9)}  ${step.skipped}`
			: `  ${step.error ? 'FAIL' : 'PASS'}  ${step.name.padEnd(width)}  ${formatDuration(step.ms).padStart(9)}` +
				(step.error ? `\n        ${step.error.message.split('\n')[0]}` : '');
	const sections = results.map((result) => `${result.title}\n${result.steps.map(line).join('\n')}`);
	const failed = failures(results) + (preparation.error ? 1 : 0);
	const skipped = all.filter((step) => step.skipped !== undefined).length;
	const passed = all.length - failed - skipped;
	return [
		'End-to-end results',
		line(preparation),
		...sections,
		`Total ${formatDuration(totalMs)}: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
	].join('\n');
}
