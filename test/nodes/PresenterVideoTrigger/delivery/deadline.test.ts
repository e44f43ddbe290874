import { Deadline } from '../../../../nodes/PresenterVideoTrigger/delivery/deadline';

describe('Deadline', () => {
	it('gives each call the smaller of its cap and the time left', () => {
		let now = 1_000;
		const deadline = new Deadline(8_000, () => now);
		expect(deadline.callTimeout(3_000)).toBe(3_000);
		now += 6_000;
		expect(deadline.remainingMs()).toBe(2_000);
		expect(deadline.callTimeout(3_000)).toBe(2_000);
	});

	it('refuses to start a call that could not finish in time', () => {
		let now = 0;
		const deadline = new Deadline(8_000, () => now);
		now = 7_900;
		expect(deadline.callTimeout(3_000)).toBeUndefined();
		now = 9_000;
		expect(deadline.remainingMs()).toBe(0);
	});
});
