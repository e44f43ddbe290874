/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * `npm run docs:screenshots`: starts what `npm start` starts (with short sandbox jobs and a
 * throwaway n8n folder), drives the real n8n editor in headless Chromium like a newcomer would,
 * and saves the README's screenshots in docs/. Everything it starts is stopped at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logProgress } from '../n8n/progress-log';
import { StepTimer } from '../n8n/step-timer';
import { startDemoStack, type DemoStack } from '../start/demo-stack';
import { stopOnSignals } from '../start/stop-signals';
import { launchEditorBrowser, type EditorBrowser } from './browser';
import { createVideoTour } from './create-video-tour';
import { DocsShots } from './docs-shots';
import { logIn } from './editor-login';
import { screenshotExampleCanvases } from './example-canvases';
import { reportFailure } from './failure-report';
import { dismissOnboarding } from './overlays';

/** Short jobs keep the run quick; the node still polls, exports and downloads for real. */
const sandboxTimings = { generationMs: 3_000, exportMs: 2_000 };
/** Every wait inside is bounded; this only guards against something nobody thought of. */
const wholeRunTimeoutMs = 20 * 60_000;

/** What this run started; released at the end, after a failure, or on Ctrl-C. */
const running: { stack?: DemoStack; browser?: EditorBrowser; workDir?: string } = {};
let interrupted = false;

async function releaseEverything(): Promise<void> {
	const { browser, stack, workDir } = running;
	running.browser = running.stack = running.workDir = undefined;
	await browser?.close();
	await stack?.stop();
	if (workDir !== undefined) fs.rmSync(workDir, { recursive: true, force: true });
}

async function takeScreenshots(timer: StepTimer, setStep: (name: string) => void): Promise<DocsShots> {
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'presenter-video-screenshots-'));
	running.workDir = workDir;
	const stack = await startDemoStack({ service: { kind: 'sandbox', timings: sandboxTimings }, workDir });
	running.stack = stack;
	const { n8n, service } = stack;
	if (service.sandbox === undefined) throw new Error('the screenshots need the sandbox');

	setStep('launch Chromium');
	running.browser = await launchEditorBrowser();
	const { page } = running.browser;
	const shots = new DocsShots(page);
	shots.removeExampleShots();

	setStep('log in');
	await timer.step('log in through the sign-in form', async () => {
		await logIn(page, n8n.baseUrl, n8n.owner);
		await dismissOnboarding(page);
	});
	await createVideoTour({ page, baseUrl: n8n.baseUrl, sandbox: service.sandbox, shots, timer, onStep: setStep });

	setStep('screenshot the example workflows');
	const { imported, failed } = stack.examples;
	await timer.step(`example canvases (${imported.length})`, () =>
		screenshotExampleCanvases(page, n8n.baseUrl, imported, shots),
	);
	for (const problem of failed) logProgress('screenshots', `example skipped: ${problem.file}: ${problem.reason}`);
	process.stdout.write(`\nTimings:\n${stack.timer.report()}\n${timer.report()}\n`);
	return shots;
}

async function main(): Promise<number> {
	const timer = new StepTimer('screenshots');
	let currentStep = 'start n8n and the sandbox';
	try {
		const shots = await takeScreenshots(timer, (name) => (currentStep = name));
		process.stdout.write(
			`\nScreenshots saved:\n${shots.saved.map((shot) => `  ${shot.file}  ${shot.caption}`).join('\n')}\n`,
		);
		return 0;
	} catch (error) {
		if (interrupted) return 130;
		await reportFailure(currentStep, error, running.browser?.page, running.stack?.n8n);
		return 1;
	} finally {
		await releaseEverything();
	}
}

stopOnSignals(async () => {
	interrupted = true;
	await releaseEverything();
});
setTimeout(() => {
	process.stderr.write(`Screenshots did not finish within ${wholeRunTimeoutMs / 60_000} minutes.\n`);
	process.exit(1); // exit hooks stop n8n and Chromium
}, wholeRunTimeoutMs).unref();

main().then(
	// After Ctrl-C the signal handler exits, once everything is released.
	(code) => interrupted || process.exit(code),
	(error: unknown) => {
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
		process.exit(1);
	},
);
