/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { logProgress, formatDuration } from '../n8n/progress-log';
import type { StepResult } from './report';

/**
 * Thrown by a scenario that finds, on the n8n it runs on, a defect of n8n's own that its control
 * shows (n8n's own nodes fail the same way): the step is reported as skipped, with the reason.
 */
export class NotApplicableHere extends Error {}

/** Runs `work` with a time limit and records how it ended; never throws. */
export async function timedStep(
	scope: string,
	name: string,
	timeoutMs: number,
	work: () => Promise<void>,
): Promise<StepResult> {
	const started = Date.now();
	let timer: NodeJS.Timeout | undefined;
	const limit = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${name}: no result within ${formatDuration(timeoutMs)}`)), timeoutMs);
	});
	try {
		await Promise.race([work(), limit]);
		const ms = Date.now() - started;
		logProgress(scope, `PASS ${name} (${formatDuration(ms)})`);
		return { name, ms };
	} catch (caught) {
		const error = caught instanceof Error ? caught : new Error(String(caught));
		const ms = Date.now() - started;
		if (error instanceof NotApplicableHere) {
			logProgress(scope, `SKIP ${name}: ${error.message}`);
			return { name, ms, skipped: error.message };
		}
		logProgress(scope, `FAIL ${name} (${formatDuration(ms)})\n${error.stack ?? error.message}`);
		return { name, ms, error };
	} finally {
		clearTimeout(timer);
	}
}
