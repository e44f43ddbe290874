import type { Page } from 'playwright-core';
import type { Sandbox } from '../../test/sandbox';
import { logProgress } from '../n8n/progress-log';
import type { StepTimer } from '../n8n/step-timer';
import { demoCredentialRef } from '../start/demo-credential';
import { fillPromptAndDuration, openVoiceList, pickVoice, selectCredential } from './create-form';
import type { DocsShots } from './docs-shots';
import { addManualTrigger, chooseAction, openPresenterVideoActions } from './node-creator';
import { executeStepAndWait, leaveVideoPreview, previewVideo, showBinaryOutput, showJsonOutput } from './node-output';
import { closeToasts } from './overlays';
import { assertSandboxSaw } from './sandbox-evidence';
import { createWorkflow } from './workflow-canvas';

export interface TourContext {
	page: Page;
	baseUrl: string;
	sandbox: Sandbox;
	shots: DocsShots;
	timer: StepTimer;
	/** Receives the name of the step being run, for the failure report. */
	onStep: (name: string) => void;
}

const prompt = 'A friendly 45-second intro to our new coffee blend, for Instagram';
const durationSeconds = 45;
/** Sandbox generation + export take a few seconds; polling steps and the download add some more. */
const executionTimeoutMs = 120_000;

/** What a newcomer does first: a new workflow, the Create action, a voice, a prompt, Execute step. */
export async function createVideoTour(context: TourContext): Promise<void> {
	const { page, baseUrl, sandbox, shots, timer } = context;
	const step = <T>(name: string, work: () => Promise<T>): Promise<T> => {
		context.onStep(name);
		return timer.step(name, work);
	};

	await step('create a workflow', () => createWorkflow(page, baseUrl));
	await step('add a Manual Trigger', () => addManualTrigger(page));
	await step('search "Presenter Video" in the nodes panel', () => openPresenterVideoActions(page));
	await shots.save(
		'00-nodes-panel',
		'The nodes panel: "Presenter Video" found by search, with its actions and triggers',
	);

	await step('choose "Create video and download MP4"', () => chooseAction(page, 'Create video and download MP4'));
	await step('select the credential', () => selectCredential(page, demoCredentialRef.name));
	const voices = await step('open the Voice list', () => openVoiceList(page));
	const voiceCount = await voices.count();
	const voiceRequests = await step('check the sandbox served the voices', async () =>
		assertSandboxSaw(sandbox, 'voice list'),
	);
	logProgress('screenshots', `sandbox saw ${voiceRequests}`);
	await shots.save('01-voice-picker', `The Voice picker "From list", loaded from the sandbox (${voiceCount} voices)`);

	const voice = await step('pick a voice', () => pickVoice(voices, 'Olivia'));
	await step('type a prompt and the duration', () => fillPromptAndDuration(page, prompt, durationSeconds));
	await shots.save(
		'02-create-parameters',
		`Create, filled in: credential, prompt, ${durationSeconds} s, voice ${voice}, vertical format`,
	);

	await step('execute step: generate, export, download', () => executeStepAndWait(page, executionTimeoutMs));
	const videoRequests = await step('check the sandbox made the video', async () =>
		assertSandboxSaw(sandbox, 'video created'),
	);
	logProgress('screenshots', `sandbox saw ${videoRequests}`);
	await closeToasts(page);
	await step('show the binary output', () => showBinaryOutput(page));
	await shots.save('03-mp4-output', 'The output panel after Execute step: the MP4 as binary data (video/mp4)');

	const frame = await step('play the MP4 in the editor', () => previewVideo(page, 2));
	if (frame.at < 1) throw new Error(`the MP4 did not play in the browser (stopped at ${frame.at} s)`);
	await shots.save(
		'04-mp4-preview',
		`The MP4 played by n8n's binary viewer: the sandbox's ${frame.duration} s test video, paused at ${frame.at} s`,
	);
	await leaveVideoPreview(page);

	await step('show the JSON output', () => showJsonOutput(page));
	await shots.save(
		'05-output-json',
		'The same output as JSON: job ids, video id, duration, costs, URLs, file name and size',
	);
}
