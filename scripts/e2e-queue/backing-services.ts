/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { logProgress } from '../n8n/progress-log';
import { signalProcessGroup } from '../n8n/process-tree';

/** Debian's Postgres and Redis on 127.0.0.1, as queue mode needs them. */
export interface BackingServices {
	database: { host: string; port: number; name: string; user: string; password: string };
	redis: { host: string; port: number };
	/** Drops the database and stops what this run started (a service already running is left running). */
	stop(): Promise<void>;
}

const host = '127.0.0.1';
const postgresPort = 5432;
const redisPort = 6379;
const scope = 'queue services';

function run(command: string, args: string[]): string {
	return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function hasCommand(name: string): boolean {
	try {
		run('sh', ['-c', `command -v ${name}`]);
		return true;
	} catch {
		return false;
	}
}

function isListening(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host, port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

async function waitForPort(port: number, what: string, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await isListening(port))) {
		if (Date.now() > deadline) throw new Error(`${what} is not listening on ${host}:${port} after ${timeoutMs} ms`);
		await sleep(250);
	}
}

/** Installs the Debian packages when their programs are missing (needs root, as in CI). */
function installMissingPackages(): void {
	const missing = [
		...(hasCommand('pg_ctlcluster') ? [] : ['postgresql']),
		...(hasCommand('redis-server') ? [] : ['redis-server']),
	];
	if (missing.length === 0) return;
	logProgress(scope, `apt-get install ${missing.join(' ')}`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync('apt-get', ['update'], { stdio: 'ignore', env });
	execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'ignore', env });
}

/** The first cluster `pg_lsclusters` lists: version and name. */
function postgresCluster(): { version: string; name: string } {
	const line = run('pg_lsclusters', ['--no-header']).trim().split('\n')[0];
	const [version, name] = line.trim().split(/\s+/);
	if (!version || !name) throw new Error('no Postgres cluster found (pg_lsclusters is empty)');
	return { version, name };
}

function psql(sql: string): void {
	run('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -q -c ${JSON.stringify(sql)}`]);
}

/**
 * Starts Postgres and Redis when they are not running, and creates a fresh database and role
 * for this run, so executions of earlier runs never count.
 */
export async function startBackingServices(): Promise<BackingServices> {
	installMissingPackages();
	// Synchronous, so an interrupted run (Ctrl-C exits the process) still runs them from `exit`.
	const cleanups: Array<() => void> = [];
	const stop = async () => {
		process.removeListener('exit', stopNow);
		stopNow();
	};
	const stopNow = () => {
		for (const cleanup of cleanups.splice(0).reverse()) {
			try {
				cleanup();
			} catch (error) {
				logProgress(scope, `clean-up failed: ${(error as Error).message}`);
			}
		}
	};
	process.once('exit', stopNow);
	try {
		if (!(await isListening(postgresPort))) {
			const cluster = postgresCluster();
			logProgress(scope, `starting Postgres ${cluster.version}/${cluster.name}`);
			run('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
			cleanups.push(() => void run('pg_ctlcluster', [cluster.version, cluster.name, 'stop']));
			await waitForPort(postgresPort, 'Postgres');
		}
		const name = `n8n_queue_e2e_${process.pid}`;
		const user = name;
		const password = `pw_${process.pid}_${Date.now()}`;
		psql(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
		cleanups.push(() => psql(`DROP ROLE IF EXISTS ${user}`));
		psql(`CREATE DATABASE ${name} OWNER ${user}`);
		cleanups.push(() => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

		if (!(await isListening(redisPort))) {
			logProgress(scope, 'starting Redis');
			const redis = startRedis();
			cleanups.push(() => signalProcessGroup(redis, 'SIGTERM'));
			await waitForPort(redisPort, 'Redis');
		}
		return {
			database: { host, port: postgresPort, name, user, password },
			redis: { host, port: redisPort },
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Redis in memory only: nothing is written to disk. */
function startRedis(): ChildProcess {
	const redis = spawn(
		'redis-server',
		['--bind', host, '--port', String(redisPort), '--save', '', '--appendonly', 'no', '--dir', os.tmpdir()],
		{ detached: true, stdio: 'ignore' },
	);
	return redis;
}
