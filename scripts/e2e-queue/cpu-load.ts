/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { type ChildProcess, spawn } from 'node:child_process';

/** `--cpu-load=N`: N processes that keep a core busy each for the whole run, as a saturated host. */
export function cpuLoadArgument(args: string[]): number {
	const value = args.find((arg) => arg.startsWith('--cpu-load='))?.slice('--cpu-load='.length);
	if (value === undefined) return 0;
	const count = Number(value);
	if (!Number.isInteger(count) || count < 0)
		throw new Error(`--cpu-load needs a whole number of busy processes, not "${value}"`);
	return count;
}

/** Starts `count` busy loops; the returned function stops them (they also end with this process). */
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
