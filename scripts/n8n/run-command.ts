/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { signalProcessGroup } from './process-tree';

export interface CommandOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	timeoutMs: number;
	/** Output is appended here as it arrives, so a hung command can be inspected. */
	logFile?: string;
}

export interface CommandResult {
	exitCode: number | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}

const maxCapturedChars = 4_000_000;

// Children run detached (own process group), so they would outlive an interrupted caller.
const runningChildren = new Set<ChildProcess>();
process.once('exit', () => {
	for (const child of runningChildren) signalProcessGroup(child, 'SIGKILL');
});

function appendCapped(current: string, chunk: string): string {
	const next = current + chunk;
	return next.length > maxCapturedChars ? next.slice(next.length - maxCapturedChars) : next;
}

/** Runs a command in its own process group; on time-out the whole group is killed. */
export function runCommand(command: string, args: string[], options: CommandOptions): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const log = options.logFile ? fs.openSync(options.logFile, 'a') : undefined;
		if (log !== undefined) fs.writeSync(log, `\n$ ${command} ${args.join(' ')}  (cwd ${options.cwd})\n`);
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		runningChildren.add(child);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
			stdout = appendCapped(stdout, chunk);
			if (log !== undefined) fs.writeSync(log, chunk);
		});
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
			stderr = appendCapped(stderr, chunk);
			if (log !== undefined) fs.writeSync(log, chunk);
		});
		const timer = setTimeout(() => {
			timedOut = true;
			signalProcessGroup(child, 'SIGKILL');
		}, options.timeoutMs);
		child.on('error', (error) => {
			runningChildren.delete(child);
			clearTimeout(timer);
			if (log !== undefined) fs.closeSync(log);
			reject(error);
		});
		child.on('close', (exitCode) => {
			runningChildren.delete(child);
			clearTimeout(timer);
			signalProcessGroup(child, 'SIGKILL'); // leftovers such as compiler jobs
			if (log !== undefined) fs.closeSync(log);
			resolve({ exitCode, stdout, stderr, timedOut });
		});
	});
}

export function lastLines(text: string, count: number): string {
	return text.split('\n').slice(-count).join('\n');
}

/** Throws with the output tail unless the command exited 0. */
export async function runCommandOrThrow(
	command: string,
	args: string[],
	options: CommandOptions,
): Promise<CommandResult> {
	const result = await runCommand(command, args, options);
	if (result.exitCode !== 0) {
		const reason = result.timedOut ? `timed out after ${options.timeoutMs} ms` : `exited with ${result.exitCode}`;
		const tail = lastLines(`${result.stdout}\n${result.stderr}`.trim(), 30);
		throw new Error(`${command} ${args.join(' ')} ${reason}\n${tail}`);
	}
	return result;
}
