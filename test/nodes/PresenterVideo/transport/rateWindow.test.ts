import { RateWindow } from '../../../../nodes/PresenterVideo/transport/rateWindow';

const WINDOW = 1000;
const MARGIN = WINDOW / 200;

function answered(
	window: RateWindow,
	at: number,
	headers: { limit?: number; remaining?: number; resetAt?: number } = {},
) {
	window.begin();
	window.end(at, { type: 'answered', ...headers });
}

describe('rate window arithmetic', () => {
	it('has room until the limit is used, then opens when the oldest call leaves the window', () => {
		const window = new RateWindow(3, WINDOW);
		for (const at of [0, 100, 200]) answered(window, at);
		expect(window.hasRoom(300)).toBe(false);
		expect(window.roomAt(300)).toBe(WINDOW + MARGIN);
		expect(window.hasRoom(WINDOW + MARGIN)).toBe(true);
		expect(window.used(WINDOW + MARGIN)).toBe(2);
	});

	it('counts calls in flight until they end, and cannot say when they leave', () => {
		const window = new RateWindow(2, WINDOW);
		window.begin();
		window.begin();
		expect(window.hasRoom(0)).toBe(false);
		expect(window.roomAt(0)).toBeUndefined();
		window.end(50, { type: 'unknown' });
		expect(window.used(60)).toBe(2);
		expect(window.roomAt(60)).toBe(50 + WINDOW + MARGIN);
	});

	it('counts a refused call, and takes the window as full when refused', () => {
		const window = new RateWindow(3, WINDOW);
		answered(window, 0);
		window.begin();
		window.end(10, { type: 'refused' });
		// Two calls of ours, so the service must have counted two of someone else's too (limit + 1).
		expect(window.used(20)).toBe(4);
		expect(window.hasRoom(20)).toBe(false);
		// Ours leave at 0 + window; the others, made at most at the refusal, by 10 + window.
		expect(window.roomAt(20)).toBe(10 + WINDOW);
	});

	it('learns calls of other clients from X-RateLimit-Remaining', () => {
		const window = new RateWindow(10, WINDOW);
		answered(window, 0, { limit: 10, remaining: 5 });
		// The service counted 5, we made 1: 4 belong to others, until a window after they were seen.
		expect(window.used(1)).toBe(5);
		expect(window.roomAt(1)).toBe(1);
		answered(window, 100, { limit: 10, remaining: 8 });
		// The others have left, as the service says: only ours remain.
		expect(window.used(101)).toBe(2);
	});

	it("takes the window's length from X-RateLimit-Reset, never a fixed minute", () => {
		const window = new RateWindow(5, 60_000);
		// Limit 5 with Reset one second ahead: 5 per second.
		answered(window, 0, { limit: 5, remaining: 4, resetAt: 1_000 });
		expect(window.windowMs).toBe(1_000);
		for (const at of [10, 20, 30, 40]) answered(window, at, { limit: 5, remaining: 0, resetAt: 1_000 });
		expect(window.hasRoom(50)).toBe(false);
		expect(window.hasRoom(1_000 + 1_000 / 200)).toBe(true);
	});

	it('keeps its own window when Reset cannot tell them apart (whole seconds), and caps a wrong clock', () => {
		const window = new RateWindow(2, 1_200);
		answered(window, 0, { limit: 2, remaining: 1, resetAt: 2_000 });
		expect(window.windowMs).toBe(1_200);
		answered(window, 1, { limit: 2, remaining: 1, resetAt: 10 * 3_600_000 });
		expect(window.windowMs).toBe(15 * 60_000);
	});

	it('takes a refusal that says when to come back as a full window until then', () => {
		const window = new RateWindow(3, 60_000);
		answered(window, 0);
		window.begin();
		window.end(10, { type: 'refused', resetAt: 1_010 });
		expect(window.hasRoom(500)).toBe(false);
		expect(window.roomAt(500)).toBe(1_010);
	});

	it('takes the service limit when it is lower than the configured one', () => {
		const window = new RateWindow(100, WINDOW);
		answered(window, 0, { limit: 2, remaining: 1 });
		expect(window.limit).toBe(2);
		answered(window, 1, { limit: 2, remaining: 0 });
		expect(window.hasRoom(2)).toBe(false);
		window.setLimit(1);
		expect(window.limit).toBe(1);
	});
});
