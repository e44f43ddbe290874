/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sandbox } from '../../test/sandbox';
import { N8nInstance } from '../n8n/instance';
import { hasExited, signalProcessGroup, stopProcessGroup } from '../n8n/process-tree';
import { waitForReadiness } from '../n8n/readiness';
import type { N8nVersion } from '../n8n/versions';
import { presenterCredentialExport } from '../e2e/workflows/credential';
import type { Workflow } from '../e2e/workflows/workflow-json';
import type { BackingServices } from './backing-services';
import { CallbackRouter } from './callback-router';
import { queuePorts } from './ports';

export type RoleName = 'worker' | 'webhook';

/** A worker or webhook processor: its own port and task broker, the main instance's folder and database. */
export class CompanionProcess {
	private child: ChildProcess | undefined;
	readonly baseUrl: string;

	constructor(
		readonly label: string,
		private readonly role: RoleName,
		private readonly main: N8nInstance,
		private readonly port: number,
		private readonly brokerPort: number,
	) {
		this.baseUrl = `http://127.0.0.1:${port}`;
	}

	/** Its own log, so a test can tell which worker ran an execution. */
	get logFile(): string {
		return path.join(this.main.userFolder, `${this.label.replace(/\s+/g, '-')}.log`);
	}

	logText(): string {
		return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	async start(): Promise<void> {
		const args = this.role === 'worker' ? ['worker', '--concurrency=10'] : ['webhook'];
		// Workers answer readiness on their health-check port; webhook processors on N8N_PORT.
		const extra: Record<string, string> =
			this.role === 'worker'
				? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(this.port) }
				: {};
		const command = this.main.n8nCommand(args);
		const log = fs.openSync(this.logFile, 'a');
		const logStart = fs.fstatSync(log).size;
		try {
			this.child = spawn(command.binary, command.args, {
				cwd: this.main.userFolder,
				env: this.main.processEnv(this.role === 'worker' ? this.port + queuePorts.workerServerOffset : this.port, this.brokerPort, extra),
				detached: true,
				stdio: ['ignore', log, log],
			});
		} finally {
			fs.closeSync(log);
		}
		liveCompanions.add(this);
		await waitForReadiness(this.baseUrl, this.child, 180_000);
		// n8n 1.x reports ready before it serves webhooks; both versions log this line once they do.
		if (this.role === 'webhook') await this.waitForLog('Webhook listener waiting for requests.', logStart, 60_000);
	}

	private async waitForLog(text: string, fromByte: number, timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (!fs.readFileSync(this.logFile).subarray(fromByte).includes(text)) {
			if (Date.now() > deadline) throw new Error(`${this.label} did not log "${text}" within ${timeoutMs} ms`);
			await sleep(200);
		}
	}

	async stop(): Promise<void> {
		const child = this.child;
		this.child = undefined;
		liveCompanions.delete(this);
		if (child !== undefined) await stopProcessGroup(child, 15_000);
	}

	/** A crash, not a shutdown: no chance to hand back its jobs. */
	async kill(): Promise<void> {
		const child = this.child;
		this.child = undefined;
		liveCompanions.delete(this);
		if (child === undefined || hasExited(child)) return;
		const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
		signalProcessGroup(child, 'SIGKILL');
		await exited;
	}

	killNow(): void {
		if (this.child !== undefined) signalProcessGroup(this.child, 'SIGKILL');
	}

	webhookUrl(pathAfterWebhook: string): string {
		return `${this.baseUrl}/webhook/${pathAfterWebhook.replace(/^\/+/, '')}`;
	}

	callWebhook(pathAfterWebhook: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
		const { timeoutMs = 120_000, ...requestInit } = init;
		return fetch(this.webhookUrl(pathAfterWebhook), { ...requestInit, signal: AbortSignal.timeout(timeoutMs) });
	}
}

const liveCompanions = new Set<CompanionProcess>();
process.once('exit', () => {
	for (const companion of liveCompanions) companion.killNow();
});

/** n8n in queue mode: one main (no production webhooks), workers and webhook processors. */
export interface QueueCluster {
	main: N8nInstance;
	workers: CompanionProcess[];
	webhooks: CompanionProcess[];
	/** The webhook processors' public address: resume URLs point at it. */
	router: CallbackRouter;
	stop(): Promise<void>;
}

function queueEnv(services: BackingServices, publicWebhookUrl: string): Record<string, string> {
	const { database, redis } = services;
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: database.host,
		DB_POSTGRESDB_PORT: String(database.port),
		DB_POSTGRESDB_DATABASE: database.name,
		DB_POSTGRESDB_USER: database.user,
		DB_POSTGRESDB_PASSWORD: database.password,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// A queue of its own, so jobs of another n8n on the same Redis are never picked up.
		QUEUE_BULL_PREFIX: `bull-e2e-${process.pid}`,
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// n8n 1.x offers database mode only where listed here, and otherwise keeps files in the
		// execution data (1.123.81: BinaryDataConfig, base-command.js); 2.x always offers it.
		N8N_AVAILABLE_BINARY_DATA_MODES: 'filesystem,database',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// Resume URLs and production webhook URLs point at the router in front of the webhook processors.
		N8N_WEBHOOK_URL: `${publicWebhookUrl}/`,
		WEBHOOK_URL: `${publicWebhookUrl}/`,
	};
}

/**
 * Imports the credential and workflows, starts the main process, activates the workflows, then
 * starts the workers and webhook processors. Every process shares one user folder, so the package
 * installed as a community package there is loaded by all of them.
 */
export async function startQueueCluster(
	version: N8nVersion,
	tarball: string,
	services: BackingServices,
	sandbox: Sandbox,
	/** `subWorkflows`: called by active ones; published first on 2.x, which runs only a published sub-workflow, imported only on 1.x. */
	workflows: { active: Workflow[]; inactive: Workflow[]; subWorkflows?: Workflow[] },
	counts = { workers: 2, webhooks: 2 },
): Promise<QueueCluster> {
	const router = await CallbackRouter.start(
		queuePorts.router,
		queuePorts.webhooks.slice(0, counts.webhooks).map((port, index) => ({ label: `webhook ${index + 1}`, baseUrl: `http://127.0.0.1:${port}` })),
	);
	const main = await N8nInstance.create({
		version,
		communityPackageTarballs: [tarball],
		port: queuePorts.main,
		brokerPort: queuePorts.mainBroker,
		extraEnv: { ...queueEnv(services, router.baseUrl), N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
	}).catch(async (error: unknown) => {
		await router.close();
		throw error;
	});
	const workers = Array.from(
		{ length: counts.workers },
		(_, index) => new CompanionProcess(`worker ${index + 1}`, 'worker', main, queuePorts.workers[index], queuePorts.workerBrokers[index]),
	);
	const webhooks = Array.from(
		{ length: counts.webhooks },
		(_, index) =>
			new CompanionProcess(`webhook ${index + 1}`, 'webhook', main, queuePorts.webhooks[index], queuePorts.webhookBrokers[index]),
	);
	const stop = async () => {
		for (const companion of [...webhooks, ...workers]) await companion.stop();
		await main.dispose();
		await router.close();
	};
	try {
		await main.importCredentials([presenterCredentialExport(sandbox.keys.main, sandbox.baseUrl)]);
		const children = workflows.subWorkflows ?? [];
		await main.importWorkflows([...children, ...workflows.active, ...workflows.inactive]);
		await main.start();
		// Through the running main's API: one CLI process per workflow would take far longer.
		// n8n 2.x publishes a caller only once the sub-workflows it names are published.
		if (version.startsWith('2.')) for (const workflow of children) await main.activateWorkflow(workflow.id);
		for (const workflow of workflows.active) await main.activateWorkflow(workflow.id);
		await Promise.all([...workers, ...webhooks].map((companion) => companion.start()));
		return { main, workers, webhooks, router, stop };
	} catch (error) {
		const tail = main.logTail(60);
		await stop();
		throw new Error(`${(error as Error).message}\n--- n8n log tail ---\n${tail}`);
	}
}
