import { roundCredits } from './creditRules';

/** The batch-level guard behind Max Credits per Execution. */

export function totalCredits(estimates: ReadonlyArray<{ credits: number }>): number {
	return roundCredits(estimates.reduce((sum, estimate) => sum + estimate.credits, 0));
}

export interface CreditCapExceeded {
	message: string;
	description: string;
}

/**
 * Undefined when the batch fits under the cap (or no cap is set); otherwise the error to throw
 * before any start is sent.
 */
export function checkCreditCap(
	estimatedTotal: number,
	maxCredits: number | undefined,
	startCount: number,
): CreditCapExceeded | undefined {
	if (maxCredits === undefined || estimatedTotal <= maxCredits) return undefined;
	const starts = startCount === 1 ? '1 start' : `${startCount} starts`;
	return {
		message: `Estimated cost of ${estimatedTotal} credits is over Max Credits per Execution (${maxCredits})`,
		description: `Nothing was started. The ${starts} of this execution would cost an estimated ${estimatedTotal} credits. To run them, raise Max Credits per Execution (in the node's Options) to at least ${Math.ceil(estimatedTotal)}, or clear it to remove the cap; or send fewer or shorter videos.`,
	};
}

/** Text of the execution hint after a batch: what was spent against what was estimated. */
export function creditsSpentHint(spent: number, estimated: number, unfinished: number): string {
	const pending =
		unfinished === 0
			? ''
			: ` ${unfinished} job${unfinished === 1 ? ' has' : 's have'} not finished, so ${unfinished === 1 ? 'its' : 'their'} cost is not counted yet.`;
	return `Credits spent: ${roundCredits(spent)} (estimated ${roundCredits(estimated)}).${pending}`;
}
