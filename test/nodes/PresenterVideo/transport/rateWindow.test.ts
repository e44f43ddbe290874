import { RateWindow } from '../../../../nodes/PresenterVideo/transport/rateWindow';
import { answered, sendWhileRoom } from './rateWindowKit';

const WINDOW = 1000;
const MARGIN = WINDOW / 200;

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
		window.begin(0);
		window.begin(0);
		expect(window.hasRoom(0)).toBe(false);
		expect(window.roomAt(0)).toBeUndefined();
		window.end(50, { type: 'unknown' }, 0);
		expect(window.used(60)).toBe(2);
		expect(window.roomAt(60)).toBe(50 + WINDOW + MARGIN);
	});

	it('counts a refused call, and takes the window as full when refused', () => {
		const window = new RateWindow(3, WINDOW);
		answered(window, 0);
		window.begin(10);
		window.end(10, { type: 'refused' }, 10);
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

	it('does not take our calls sent before the answered one, still in flight, for other clients', () => {
		const window = new RateWindow(100, WINDOW);
		window.begin(0);
		window.begin(0);
		// The third call sent was answered first; the service had counted all three when it arrived.
		answered(window, 30, { limit: 100, remaining: 97 }, 5);
		expect(window.used(31)).toBe(3);
		// Alone in the window: every call fits until the limit.
		expect(sendWhileRoom(window, 31)).toBe(97);
	});

	it('takes our calls sent in the same moment as the answered one for ours as their answers come', () => {
		const window = new RateWindow(100, WINDOW);
		for (let sent = 0; sent < 15; sent += 1) window.begin(0);
		// A wave of 16 reads sent at once; the service had counted all 16 when the first answer came.
		answered(window, 20, { limit: 100, remaining: 84 }, 0);
		// The 15 in flight may have arrived first, or other clients' calls may have: room counts both.
		expect(window.used(21)).toBe(1 + 15 + 15);
		// But they are no sign of other clients: the window is not taken as shared.
		expect(window.quota(21)).toBe(100);
		for (let answer = 0; answer < 15; answer += 1) {
			window.end(22, { type: 'answered', limit: 100, remaining: 84 }, 0);
		}
		expect(window.used(23)).toBe(16);
		expect(sendWhileRoom(window, 23)).toBe(84);
	});

	it("takes the window's length from X-RateLimit-Reset, never a fixed minute", () => {
		const window = new RateWindow(5, 60_000);
		// Limit 5 with Reset one second ahead: 5 per second.
		answered(window, 0, { limit: 5, remaining: 4, resetAt: 1_000 });
		expect(window.windowMs).toBe(1_000);
		// Alone in the window: the service counts our calls only.
		for (const [index, at] of [10, 20, 30, 40].entries()) {
			answered(window, at, { limit: 5, remaining: 3 - index, resetAt: at + 1_000 });
		}
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
		window.begin(10);
		window.end(10, { type: 'refused', resetAt: 1_010 }, 10);
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
