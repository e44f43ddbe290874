/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { setTimeout as sleep } from 'node:timers/promises';

/** A second Ctrl-C this long after the first gives up on a clean stop. */
const forceAfterMs = 2_000;

/**
 * On Ctrl-C or SIGTERM, runs `stop` and then exits with `code`. The exit always comes after a
 * short pause: tsx's parent process waits a few milliseconds for word that this process got
 * the signal, and kills it outright if that word is lost in an immediate exit.
 */
export function stopOnSignals(stop: () => Promise<void>, code = 130): void {
	let firstSignalAt: number | undefined;
	const onSignal = (): void => {
		if (firstSignalAt !== undefined) {
			if (Date.now() - firstSignalAt > forceAfterMs) process.exit(code);
			return; // the same Ctrl-C, relayed by a parent process
		}
		firstSignalAt = Date.now();
		void (async () => {
			try {
				await stop();
			} finally {
				await sleep(100);
				process.exit(code);
			}
		})();
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);
}
