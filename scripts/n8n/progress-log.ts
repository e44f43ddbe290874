/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/** Progress lines on stderr, each stamped with seconds since the process started. */
const startedAt = Date.now();

export function logProgress(scope: string, message: string): void {
	const seconds = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(6);
	process.stderr.write(`[${seconds}s] ${scope}: ${message}\n`);
}

export function formatDuration(ms: number): string {
	return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
