/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { formatDuration, logProgress } from '../n8n/progress-log';

/** Runs a long step and says every `everyMs` that it is still going, so a first install never looks hung. */
export async function withHeartbeat<T>(
	scope: string,
	label: string,
	work: () => Promise<T>,
	everyMs = 30_000,
): Promise<T> {
	const started = Date.now();
	const timer = setInterval(
		() => logProgress(scope, `still ${label} (${formatDuration(Date.now() - started)} so far)`),
		everyMs,
	);
	try {
		return await work();
	} finally {
		clearInterval(timer);
	}
}
