/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { fork, type ChildProcess } from 'node:child_process';

interface Expectation<Out> {
	accept(message: Out): boolean;
	resolve(message: Out): void;
	reject(error: Error): void;
}

/**
 * A TypeScript module run in a process of its own (as an n8n worker is), and the messages it sends
 * back, awaited one at a time. A process that ends fails whatever still waits on it.
 */
export class ChildProcessLink<In, Out> {
	private readonly child: ChildProcess;

	private readonly awaited = new Set<Expectation<Out>>();

	private exited?: Error;

	/** `env` adds to this process's environment (jest's `process.env` is not the one a fork inherits). */
	constructor(modulePath: string, label: string, env: NodeJS.ProcessEnv = {}) {
		this.child = fork(modulePath, [], {
			execArgv: ['--import', 'tsx'],
			env: { ...process.env, ...env },
			stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
		});
		this.child.on('message', (message: Out) => {
			for (const entry of this.awaited) {
				if (!entry.accept(message)) continue;
				this.awaited.delete(entry);
				entry.resolve(message);
			}
		});
		this.child.on('exit', (code, signal) => {
			this.exited = new Error(`${label} ended (${signal ?? code})`);
			for (const entry of this.awaited) entry.reject(this.exited);
			this.awaited.clear();
		});
	}

	send(message: In): void {
		this.child.send(message as object);
	}

	/** The next message that `accept` takes. */
	async next<T extends Out>(accept: (message: Out) => message is T): Promise<T> {
		if (this.exited) throw this.exited;
		return await new Promise<T>((resolve, reject) => {
			this.awaited.add({ accept, resolve: (message) => resolve(message as T), reject });
		});
	}

	/** Ends the process and waits until it has gone. */
	async stop(): Promise<void> {
		if (this.exited) return;
		const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
		this.child.kill();
		await gone;
	}
}
