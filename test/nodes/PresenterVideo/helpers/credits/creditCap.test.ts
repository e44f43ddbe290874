import {
	checkCreditCap,
	creditsSpentHint,
	totalCredits,
} from '../../../../../nodes/PresenterVideo/helpers/credits/creditCap';

describe('credit cap', () => {
	it('sums a batch without floating-point noise', () => {
		expect(totalCredits([{ credits: 55.2 }, { credits: 0.1 }, { credits: 0.2 }])).toBe(55.5);
		expect(totalCredits([])).toBe(0);
	});

	it('lets a batch through with no cap, or at or under the cap', () => {
		expect(checkCreditCap(500, undefined, 3)).toBeUndefined();
		expect(checkCreditCap(30, 30, 3)).toBeUndefined();
		expect(checkCreditCap(29.5, 30, 3)).toBeUndefined();
	});

	it('refuses a batch over the cap with the estimate, the cap and how to raise it', () => {
		const error = checkCreditCap(30.5, 30, 4);
		expect(error?.message).toBe(
			'Estimated cost of 30.5 credits is over Max Credits per Execution (30)',
		);
		expect(error?.description).toContain('Nothing was started.');
		expect(error?.description).toContain('The 4 starts of this execution');
		expect(error?.description).toContain('raise Max Credits per Execution');
		expect(error?.description).toContain('to at least 31');
	});

	it('a cap of 0 refuses any paid start', () => {
		expect(checkCreditCap(5, 0, 1)?.description).toContain('The 1 start of this execution');
	});

	it('writes the spent-and-estimated hint, naming jobs whose cost is not known yet', () => {
		expect(creditsSpentHint(55.2, 60, 0)).toBe('Credits spent: 55.2 (estimated 60).');
		expect(creditsSpentHint(10, 20, 1)).toBe(
			'Credits spent: 10 (estimated 20). 1 job has not finished, so its cost is not counted yet.',
		);
		expect(creditsSpentHint(0, 20, 2)).toContain('2 jobs have not finished, so their cost');
	});
});
