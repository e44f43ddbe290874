/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts `count` busy loops, each keeping a core busy, as on a saturated host. The returned function
 * stops them; they also end with this process.
 */
export function startCpuLoad(count: number): () => void {
	const burners: ChildProcess[] = Array.from({ length: count }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
	);
	const stop = () => {
		for (const burner of burners.splice(0)) burner.kill('SIGKILL');
	};
	process.once('exit', stop);
	return stop;
}
