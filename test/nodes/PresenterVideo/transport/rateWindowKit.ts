import type { RateWindow } from '../../../../nodes/PresenterVideo/transport/rateWindow';

/** One call of ours, sent at `sentAt` and answered at `at` with these X-RateLimit-* figures. */
export function answered(
	window: RateWindow,
	at: number,
	headers: { limit?: number; remaining?: number; resetAt?: number } = {},
	sentAt = at,
) {
	window.begin(sentAt);
	window.end(at, { type: 'answered', ...headers }, sentAt);
}

/** Sends calls while the window lets them go at `at`; returns how many went. */
export function sendWhileRoom(window: RateWindow, at: number): number {
	let sent = 0;
	while (window.hasRoom(at)) {
		window.begin(at);
		sent += 1;
	}
	return sent;
}
