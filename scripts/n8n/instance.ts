/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { installCommunityPackageTarball, type InstalledCommunityPackage } from './community-package';
import { findFreePort, findFreePorts } from './free-port';
import { ensureN8nInstalled } from './install';
import { extractPrettyJson } from './n8n-cli-output';
import { defaultEncryptionKey, n8nProcessEnv } from './n8n-env';
import type { NodeRuntime } from './node-runtime';
import { defaultOwner, keptOwnerPasswordHash, ownerPasswordHash, type OwnerAccount } from './owner-account';
import { hasExited, signalProcessGroup, stopProcessGroup } from './process-tree';
import { PublicApiClient } from './public-api';
import { waitForReadiness } from './readiness';
import { RestSession, setUpOwner } from './rest-session';
import { lastLines, runCommand } from './run-command';
import { activateCommand, n8nBinPath, versionProfile, type N8nVersion } from './versions';

export interface N8nInstanceOptions {
	version: N8nVersion;
	/** `npm pack` tarballs installed as community packages before the first start. */
	communityPackageTarballs?: string[];
	owner?: OwnerAccount;
	encryptionKey?: string;
	/** Fixed port (the demo); a free one otherwise. */
	port?: number;
	/** Fixed task broker port; a free one otherwise. */
	brokerPort?: number;
	extraEnv?: Record<string, string>;
	/** Keep the user folder after dispose(), e.g. to inspect a failed run. */
	keepUserFolder?: boolean;
	/** Use this folder (created if missing) instead of a fresh temporary one, e.g. to keep the demo's workflows. */
	userFolder?: string;
	startTimeoutMs?: number;
}

/** Anything workflows or credentials export as; passed through to n8n's import commands unchanged. */
export type N8nExport = Record<string, unknown>;

const liveInstances = new Set<N8nInstance>();

// A test runner that crashes or is interrupted must not leave n8n servers behind.
process.once('exit', () => {
	for (const instance of liveInstances) instance.killNow();
});

/**
 * A throwaway real n8n: own user folder (SQLite database, settings, community nodes),
 * own ports on 127.0.0.1, an owner account from env, and the Node version n8n requires.
 */
export class N8nInstance {
	readonly baseUrl: string;
	readonly logFile: string;
	readonly installedPackages: InstalledCommunityPackage[] = [];
	private server: ChildProcess | undefined;
	private publicApi: PublicApiClient | undefined;
	private importCounter = 0;
	private readonly ownerPasswordHash: string;

	private constructor(
		readonly version: N8nVersion,
		readonly userFolder: string,
		readonly port: number,
		private readonly brokerPort: number,
		readonly owner: OwnerAccount,
		private readonly runtime: NodeRuntime,
		private readonly options: N8nInstanceOptions,
	) {
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.logFile = path.join(userFolder, 'n8n.log');
		// A user folder given by the caller outlives this instance: keep the owner's login valid across starts.
		this.ownerPasswordHash =
			options.userFolder === undefined
				? ownerPasswordHash(version, owner.password)
				: keptOwnerPasswordHash(version, owner.password, path.join(userFolder, 'owner-password-hash'));
	}

	/** Installs n8n if needed and prepares the user folder (a fresh one unless given); does not start n8n. */
	static async create(options: N8nInstanceOptions): Promise<N8nInstance> {
		const runtime = await ensureN8nInstalled(options.version);
		const userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), `n8n-${options.version}-`));
		fs.mkdirSync(userFolder, { recursive: true });
		const [freePort, brokerPort] = await findFreePorts(2);
		const instance = new N8nInstance(
			options.version,
			userFolder,
			options.port ?? freePort,
			options.brokerPort ?? brokerPort,
			options.owner ?? defaultOwner,
			runtime,
			options,
		);
		liveInstances.add(instance);
		try {
			for (const tarball of options.communityPackageTarballs ?? []) {
				instance.installedPackages.push(
					await installCommunityPackageTarball(instance.n8nFolder, tarball, runtime, instance.logFile),
				);
			}
		} catch (error) {
			await instance.dispose();
			throw error;
		}
		return instance;
	}

	/** n8n keeps its database, settings and community nodes here. */
	get n8nFolder(): string {
		return path.join(this.userFolder, '.n8n');
	}

	get isRunning(): boolean {
		return this.server !== undefined && !hasExited(this.server);
	}

	private env(brokerPort: number): NodeJS.ProcessEnv {
		return this.processEnv(this.port, brokerPort);
	}

	/**
	 * The environment of an n8n process on this instance's user folder, database and key, listening
	 * on `port`: the server itself, or a companion process (a queue-mode worker or webhook processor).
	 */
	processEnv(port: number, brokerPort: number, extraEnv: Record<string, string> = {}): NodeJS.ProcessEnv {
		return n8nProcessEnv({
			runtime: this.runtime,
			userFolder: this.userFolder,
			port,
			brokerPort,
			owner: { ...this.owner, passwordHash: this.ownerPasswordHash },
			encryptionKey: this.options.encryptionKey ?? defaultEncryptionKey,
			extraEnv: { ...versionProfile(this.version).env, ...this.options.extraEnv, ...extraEnv },
		});
	}

	/** The Node binary this version runs on, and the arguments that run n8n's CLI with `args`. */
	n8nCommand(args: string[]): { binary: string; args: string[] } {
		return { binary: this.nodeBinary, args: [n8nBinPath(this.version), ...args] };
	}

	private get nodeBinary(): string {
		return path.join(this.runtime.binDir, 'node');
	}

	/** Runs an n8n CLI command against this instance's database; throws with the output tail on failure. */
	async runCli(args: string[], timeoutMs = 180_000): Promise<string> {
		// The CLI opens its own task broker: a port of its own avoids clashing with the server.
		const env = this.env(await findFreePort());
		const result = await runCommand(this.nodeBinary, [n8nBinPath(this.version), ...args], {
			cwd: this.userFolder,
			env,
			timeoutMs,
			logFile: this.logFile,
		});
		if (result.exitCode !== 0) {
			const reason = result.timedOut ? `timed out after ${timeoutMs} ms` : `exited with ${result.exitCode}`;
			throw new Error(`n8n ${args.join(' ')} ${reason}\n${lastLines(`${result.stdout}\n${result.stderr}`, 40)}`);
		}
		return result.stdout;
	}

	private writeImportFile(kind: string, entries: N8nExport[]): string {
		this.importCounter += 1;
		const file = path.join(this.userFolder, `import-${kind}-${this.importCounter}.json`);
		fs.writeFileSync(file, JSON.stringify(entries));
		return file;
	}

	/** Runs an import command on a file that is removed afterwards: it may hold secrets in plain text. */
	private async importFromFile(command: string, kind: string, entries: N8nExport[]): Promise<void> {
		const file = this.writeImportFile(kind, entries);
		try {
			await this.runCli([command, `--input=${file}`]);
		} finally {
			fs.rmSync(file, { force: true });
		}
	}

	/** Credentials with plain `data`; n8n encrypts them with the instance key on import. */
	async importCredentials(credentials: N8nExport[]): Promise<void> {
		await this.importFromFile('import:credentials', 'credentials', credentials);
	}

	/**
	 * Workflows keep their `id`, so they can be activated and executed by id afterwards. A workflow
	 * without a `versionId` gets one: the first 2.x releases refuse to import it without.
	 */
	async importWorkflows(workflows: N8nExport[]): Promise<void> {
		const versioned = workflows.map((workflow) => ({ versionId: randomUUID(), ...workflow }));
		await this.importFromFile('import:workflow', 'workflows', versioned);
	}

	/**
	 * Makes a workflow's triggers live. While n8n runs, through the public API, returning once the
	 * triggers are live; before start, through the CLI (`publish:workflow` where the release has it,
	 * `update:workflow --active` before), which n8n applies when it starts.
	 */
	async activateWorkflow(id: string): Promise<void> {
		if (!this.isRunning) {
			await this.runCli(activateCommand(this.version, id));
			return;
		}
		const api = await this.api();
		if (!versionProfile(this.version).importRecordsHistory) await api.saveNewVersion(id);
		await api.activateWorkflow(id);
		await this.waitForTriggersLive([id], 60_000);
	}

	/**
	 * 2.x: waits until the publication outbox reports the workflows' triggers live, so a webhook
	 * call right after does not get 404. Throws with n8n's reason when a trigger failed to start.
	 */
	private async waitForTriggersLive(workflowIds: string[], timeoutMs: number): Promise<void> {
		if (!versionProfile(this.version).activatesInBackground || workflowIds.length === 0) return;
		const session = await this.login();
		const deadline = Date.now() + timeoutMs;
		for (const id of workflowIds) {
			for (;;) {
				const { status, triggers } = await session.publicationStatus(id);
				if (status === 'published') break;
				if (status === 'failed' || status === 'partial') {
					const reasons = triggers
						.map((trigger) => trigger.errorMessage)
						.filter(Boolean)
						.join('; ');
					throw new Error(`workflow ${id} could not go live (${status}): ${reasons}`);
				}
				if (Date.now() > deadline) throw new Error(`workflow ${id} not live within ${timeoutMs} ms (${status})`);
				await sleep(250);
			}
		}
	}

	/**
	 * Runs a workflow that starts with a Manual Trigger in a separate n8n process (`n8n execute`)
	 * and returns its run data. Works whether or not the server is running.
	 */
	async executeWorkflowCli(id: string, timeoutMs = 300_000): Promise<unknown> {
		return extractPrettyJson(await this.runCli(['execute', `--id=${id}`, '--rawOutput'], timeoutMs));
	}

	async start(): Promise<void> {
		if (this.isRunning) return;
		const log = fs.openSync(this.logFile, 'a');
		const logStart = fs.fstatSync(log).size;
		try {
			this.server = spawn(this.nodeBinary, [n8nBinPath(this.version), 'start'], {
				cwd: this.userFolder,
				env: this.env(this.brokerPort),
				detached: true,
				stdio: ['ignore', log, log],
			});
		} finally {
			fs.closeSync(log);
		}
		const timeoutMs = this.options.startTimeoutMs ?? 180_000;
		try {
			await waitForReadiness(this.baseUrl, this.server, timeoutMs);
			// Readiness turns green before active workflows register their webhooks.
			await this.waitForLog('Editor is now accessible via', logStart, timeoutMs);
			if (!versionProfile(this.version).ownerFromEnv) await setUpOwner(this.baseUrl, this.owner);
			await this.waitForTriggersLive(await (await this.api()).listActiveWorkflowIds(), timeoutMs);
		} catch (error) {
			const tail = this.logTail(60);
			await this.stop();
			throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- n8n log tail ---\n${tail}`);
		}
	}

	private async waitForLog(text: string, fromByte: number, timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (fs.readFileSync(this.logFile).subarray(fromByte).includes(text)) return;
			if (this.server === undefined || hasExited(this.server)) throw new Error('n8n exited during start-up');
			await sleep(200);
		}
		throw new Error(`n8n did not log "${text}" within ${timeoutMs} ms`);
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		this.publicApi = undefined;
		if (server !== undefined) await stopProcessGroup(server, 15_000);
	}

	async restart(): Promise<void> {
		await this.stop();
		await this.start();
	}

	/** Stops n8n (whole process tree) and deletes the user folder; safe to call twice. */
	async dispose(): Promise<void> {
		try {
			await this.stop();
		} finally {
			liveInstances.delete(this);
			if (!this.options.keepUserFolder) fs.rmSync(this.userFolder, { recursive: true, force: true });
		}
	}

	/** Last resort from the process `exit` handler: synchronous, no grace period. */
	killNow(): void {
		if (this.server !== undefined) signalProcessGroup(this.server, 'SIGKILL');
		if (!this.options.keepUserFolder) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	logTail(lines = 40): string {
		return fs.existsSync(this.logFile) ? lastLines(fs.readFileSync(this.logFile, 'utf8').trimEnd(), lines) : '';
	}

	login(): Promise<RestSession> {
		return RestSession.login(this.baseUrl, this.owner.email, this.owner.password);
	}

	/** Creates a public API key for the owner with every scope n8n lets the owner grant. */
	async createApiKey(label?: string): Promise<string> {
		// Labels are unique per user, and every server run creates its own key.
		return (await this.login()).createApiKey(label ?? `e2e-${Date.now()}-${process.pid}`);
	}

	/** Public API client for this run of the server (one API key, created on first use). */
	async api(): Promise<PublicApiClient> {
		if (!this.isRunning) throw new Error('n8n is not running');
		this.publicApi ??= new PublicApiClient(this.baseUrl, await this.createApiKey());
		return this.publicApi;
	}

	/**
	 * Production webhook URL. The Webhook node serves `<base>/webhook/<its path>`; a trigger node
	 * with a fixed webhook path (like ours) serves `<base>/webhook/<webhookId>/<that path>`.
	 */
	webhookUrl(pathAfterWebhook: string): string {
		return `${this.baseUrl}/webhook/${pathAfterWebhook.replace(/^\/+/, '')}`;
	}

	callWebhook(pathAfterWebhook: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
		const { timeoutMs = 120_000, ...requestInit } = init;
		return fetch(this.webhookUrl(pathAfterWebhook), { ...requestInit, signal: AbortSignal.timeout(timeoutMs) });
	}
}
