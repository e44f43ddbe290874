import { RateWindow } from '../../../../nodes/PresenterVideo/transport/rateWindow';
import {
	GROWTH_PER_WINDOW,
	LEAST_SHARE,
	SHARE_WEIGHT,
	SHARED_BURST,
} from '../../../../nodes/PresenterVideo/transport/windowShare';
import { answered, sendWhileRoom } from './rateWindowKit';

const WINDOW = 1000;

describe('a window shared with other processes', () => {
	/** 20 answered calls of ours, the last answer showing `remaining`: the rest of the count is other clients'. */
	function sharedWindow(remaining: number): RateWindow {
		const window = new RateWindow(100, WINDOW);
		for (let at = 0; at < 19; at += 1) answered(window, at, { limit: 100, remaining: 99 - at });
		answered(window, 19, { limit: 100, remaining });
		return window;
	}

	it('is held by nothing but the limit while no other client is seen', () => {
		const window = new RateWindow(100, WINDOW);
		for (let at = 0; at < 20; at += 1) answered(window, at, { limit: 100, remaining: 99 - at });
		expect(window.quota(20)).toBe(100);
		expect(sendWhileRoom(window, 20)).toBe(80);
	});

	it("needs no share while the window is mostly free, however many of its calls are other clients'", () => {
		const window = new RateWindow(100, WINDOW);
		answered(window, 0, { limit: 100, remaining: 80 });
		// 20 counted, 1 ours: under a quarter of the limit.
		expect(window.quota(1)).toBe(100);
		expect(sendWhileRoom(window, 1)).toBe(80);
	});

	it('takes the window as busy with its calls in flight, on their way to it', () => {
		const window = new RateWindow(100, WINDOW);
		for (let at = 1; at <= 10; at += 1) window.begin(at);
		// 20 counted when the call sent at 11 arrived: 11 ours, 9 of other clients; 10 of ours still coming.
		answered(window, 12, { limit: 100, remaining: 80 }, 11);
		expect(window.quota(13)).toBeCloseTo((100 * 11) / 20, 0);
	});

	it('keeps its calls within its share of the limit, though the window has room beyond it', () => {
		// 95 counted, 20 ours: a share of 20/95; 5 free in the window, but room for 1 more in the share.
		const window = sharedWindow(5);
		expect(window.quota(20)).toBeCloseTo((100 * 20) / 95);
		let sent = 0;
		for (let at = 20; at < 20 + WINDOW / 2; at += 1) sent += sendWhileRoom(window, at);
		expect(sent).toBe(1);
		expect(window.used(20 + WINDOW / 2)).toBe(96);
	});

	it('keeps at least the least share when few of the counted calls were its own', () => {
		const window = new RateWindow(100, WINDOW);
		answered(window, 0, { limit: 100, remaining: 20 });
		// 1 of 80 counted is ours: still a tenth of the limit.
		expect(window.quota(0)).toBe(LEAST_SHARE * 100);
	});

	it('sends at the pace of its quota: a few calls at once, then one every window / quota', () => {
		// 80 counted, 20 ours: a quarter of the limit, growing while the window has room.
		const window = sharedWindow(20);
		const at = 19 + (2 * WINDOW) / 5;
		const quota = window.quota(at);
		expect(quota).toBeCloseTo(25 + (GROWTH_PER_WINDOW * 100 * 2) / 5);
		// The quota leaves room for 15 more.
		expect(sendWhileRoom(window, at)).toBe(SHARED_BURST);
		const next = window.roomAt(at) as number;
		expect(next - at).toBeCloseTo(WINDOW / quota, 0);
		expect(window.hasRoom(at + (0.9 * WINDOW) / quota)).toBe(false);
		expect(window.hasRoom(next)).toBe(true);
	});

	it('grows beyond its share while answers show room, and falls back to its share when one does not', () => {
		const window = sharedWindow(60);
		// Half the limit, and a quarter of the limit more a window while the window has room.
		expect(window.quota(19 + (2 * WINDOW) / 5)).toBeCloseTo(50 + (GROWTH_PER_WINDOW * 100 * 2) / 5);
		// An answer shows the window nearly full: 95 counted, 21 ours.
		answered(window, 500, { limit: 100, remaining: 5 }, 499);
		const share = 0.5 + (21 / 95 - 0.5) * SHARE_WEIGHT;
		expect(window.quota(501)).toBeCloseTo(share * 100);
		expect(window.quota(900)).toBeCloseTo(share * 100);
	});

	it('grows for a window at most', () => {
		const window = sharedWindow(60);
		// Another answer with room: 41 counted, 21 ours; sharing goes on for a window from here.
		answered(window, 900, { limit: 100, remaining: 59 }, 899);
		const share = 0.5 + (21 / 41 - 0.5) * SHARE_WEIGHT;
		expect(window.quota(19 + (3 * WINDOW) / 2)).toBeCloseTo((share + GROWTH_PER_WINDOW) * 100);
	});

	it('stops sharing a window after the last answer that showed other clients', () => {
		const window = sharedWindow(5);
		// Our calls have left; the service counts only the call just answered.
		answered(window, 19 + WINDOW + 10, { limit: 100, remaining: 99 }, 19 + WINDOW + 9);
		expect(window.quota(19 + WINDOW + 11)).toBe(100);
		expect(sendWhileRoom(window, 19 + WINDOW + 11)).toBe(99);
	});

	it("lets a call outside the share go whenever the window has room, taking nothing from the share's pace", () => {
		// 80 counted, 20 ours: sharing, with a quota of about 25 and 20 free in the window.
		const window = sharedWindow(20);
		const at = 20;
		expect(sendWhileRoom(window, at)).toBe(SHARED_BURST);
		expect(window.hasRoom(at)).toBe(false);
		for (let sent = 0; sent < 2; sent += 1) {
			expect(window.hasRoom(at, { outsideShare: true })).toBe(true);
			window.begin(at, { outsideShare: true });
		}
		// The pace lets the next shared call go one window / quota later, as if the two had not gone.
		expect((window.roomAt(at) as number) - at).toBeCloseTo(WINDOW / window.quota(at), 0);
		// Outside the share, a call still needs room: 60 of others, 20 answered and 4 in flight leave 16.
		for (let sent = 0; sent < 16; sent += 1) {
			expect(window.hasRoom(at, { outsideShare: true })).toBe(true);
			window.begin(at, { outsideShare: true });
		}
		expect(window.hasRoom(at, { outsideShare: true })).toBe(false);
	});

	it('takes itself as sharing after a refusal', () => {
		const window = new RateWindow(10, WINDOW);
		answered(window, 0, { limit: 10, remaining: 9 });
		window.begin(1);
		window.end(2, { type: 'refused' }, 1);
		// Two of the eleven counted were ours; the window is full until the refusal has aged out.
		expect(window.quota(3)).toBeCloseTo((10 * 2) / 11);
		expect(window.hasRoom(3)).toBe(false);
	});
});

describe('calls in flight after a silence', () => {
	it('starts with a tenth of the limit in flight, lets one more fly per answer, and halves after a refusal', () => {
		const window = new RateWindow(100, WINDOW);
		expect(window.inFlightCap(0)).toBe(10);
		for (let at = 1; at <= 30; at += 1) answered(window, at, { limit: 100, remaining: 100 - at });
		expect(window.inFlightCap(31)).toBe(40);
		window.begin(32);
		window.end(33, { type: 'refused' }, 32);
		expect(window.inFlightCap(34)).toBe(20);
		// A window without answers: other clients may have started meanwhile.
		expect(window.inFlightCap(33 + WINDOW + 1)).toBe(10);
	});

	it('lets at least one call fly under a small limit', () => {
		expect(new RateWindow(5, WINDOW).inFlightCap(0)).toBe(1);
	});
});
