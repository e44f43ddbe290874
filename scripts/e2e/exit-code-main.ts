/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * Runs a test entry point and exits with its code. Ctrl-C and SIGTERM exit (instead of dying by
 * the signal), which runs the `exit` hooks that stop n8n and everything else a run started.
 */
export function runAsMain(main: () => Promise<number>): void {
	for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
	main().then(
		(code) => process.exit(code),
		(error: unknown) => {
			process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
			process.exit(1);
		},
	);
}
