/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { InstalledCommunityPackage } from '../n8n/community-package';
import { N8nInstance } from '../n8n/instance';
import { logProgress } from '../n8n/progress-log';
import { StepTimer } from '../n8n/step-timer';
import { n8nBinPath, n8nInstallDir, newestVersion, type N8nVersion } from '../n8n/versions';
import { demoCredential } from './demo-credential';
import { importExampleWorkflows, type ExampleImportReport } from './example-import';
import { loadExampleWorkflows } from './example-workflows';
import { withHeartbeat } from './heartbeat';
import { buildAndPackPackage } from '../n8n/package-tarball';
import { preferredPortOrFree } from './preferred-port';
import { startPresenterService, type PresenterService, type ServiceChoice } from './presenter-service';

export const demoN8nVersion: N8nVersion = newestVersion;

export interface DemoStackOptions {
	service: ServiceChoice;
	/** Kept between runs (workflows survive); a temporary folder, deleted on stop, otherwise. */
	userFolder?: string;
	/** Used when free, else any free port; without it, any free port. */
	preferredN8nPort?: number;
	/** Receives the output of the build and of `npm pack`. */
	workDir: string;
}

export interface DemoStack {
	n8n: N8nInstance;
	service: PresenterService;
	communityPackage: InstalledCommunityPackage;
	examples: ExampleImportReport;
	timer: StepTimer;
	/** Stops n8n and the sandbox; safe to call twice. */
	stop(): Promise<void>;
}

const scope = 'start';

async function createN8n(options: DemoStackOptions, tarball: string): Promise<N8nInstance> {
	if (!fs.existsSync(n8nBinPath(demoN8nVersion))) {
		logProgress(
			scope,
			`n8n ${demoN8nVersion} is not installed yet: installing it into ${n8nInstallDir(demoN8nVersion)}`,
		);
		logProgress(
			scope,
			'this happens once: npm install, then a native sqlite3 build (about 5 min 20 s on a 2-core machine)',
		);
	}
	if (options.userFolder !== undefined) fs.rmSync(path.join(options.userFolder, 'n8n.log'), { force: true });
	return withHeartbeat(scope, 'preparing n8n', async () =>
		N8nInstance.create({
			version: demoN8nVersion,
			port: options.preferredN8nPort === undefined ? undefined : await preferredPortOrFree(options.preferredN8nPort),
			communityPackageTarballs: [tarball],
			userFolder: options.userFolder,
			keepUserFolder: options.userFolder !== undefined,
		}),
	);
}

/**
 * The whole local setup: the package built and installed into a real n8n as a community package,
 * the sandbox (or the real service), the credential, the example workflows, n8n running.
 */
export async function startDemoStack(options: DemoStackOptions): Promise<DemoStack> {
	const timer = new StepTimer(scope);
	fs.mkdirSync(options.workDir, { recursive: true });
	const buildLog = path.join(options.workDir, 'build.log');
	let n8n: N8nInstance | undefined;
	let service: PresenterService | undefined;
	try {
		const tarball = await timer.step(`build and pack the package (log: ${buildLog})`, () =>
			buildAndPackPackage(options.workDir, buildLog),
		);
		n8n = await timer.step(`n8n ${demoN8nVersion} ready, package installed`, () => createN8n(options, tarball));
		const instance = n8n;
		service = await timer.step(options.service.kind === 'sandbox' ? 'start the sandbox' : 'use the real service', () =>
			startPresenterService(options.service),
		);
		const { credentialData } = service;
		await timer.step('import the credential', () => instance.importCredentials([demoCredential(credentialData)]));

		const { examples, problems } = loadExampleWorkflows();
		const report = await timer.step(`import example workflows (${examples.length} found)`, () =>
			importExampleWorkflows(instance, examples),
		);
		report.failed.unshift(...problems);

		await timer.step('start n8n', () => instance.start());
		const started = service;
		return {
			n8n: instance,
			service: started,
			communityPackage: instance.installedPackages[0],
			examples: report,
			timer,
			stop: async () => {
				await Promise.allSettled([instance.dispose(), started.close()]);
			},
		};
	} catch (error) {
		await Promise.allSettled([n8n?.dispose(), service?.close()]);
		throw error;
	}
}
