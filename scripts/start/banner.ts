/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import path from 'node:path';
import { repoRoot } from '../n8n/paths';
import { PROFILE_DESCRIPTIONS, type SandboxTimings } from '../../test/sandbox';
import type { DemoStack } from './demo-stack';

function relative(file: string): string {
	return path.relative(repoRoot, file) || '.';
}

function maskKey(key: string): string {
	return key.length <= 8 ? '****' : `${key.slice(0, 4)}…${key.slice(-2)}`;
}

function seconds(ms: number): string {
	return `${Math.round(ms / 1000)} s`;
}

function minutesAndSeconds(ms: number): string {
	const total = Math.round(ms / 1000);
	return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

function serviceLines(stack: DemoStack, timings: SandboxTimings): string[] {
	const { sandbox, credentialData } = stack.service;
	if (sandbox === undefined) {
		return [
			`  Service      ${credentialData.baseUrl} (real service, key ${maskKey(credentialData.apiKey)}; jobs bill credits)`,
		];
	}
	const { keys } = sandbox;
	return [
		`  Sandbox      ${sandbox.baseUrl}  (local stand-in for the service; MP4 storage ${sandbox.storageUrl})`,
		`    keys       ${keys.main} (the credential uses it, 1000 credits)   ${keys.other} (second space)`,
		`               ${keys.poor} (about 1 credit: 402 paths)   ${keys.starter} (403 plan_required)`,
		`    profile    ${PROFILE_DESCRIPTIONS[sandbox.profile]}; choose with SANDBOX_PROFILE=contract|code`,
		`    timing     a generation takes ${seconds(timings.generationMs)}, an export ${seconds(timings.exportMs)} (Create waits for both, plus polling steps)`,
		'    failures   put [sandbox:fail=VOICE_GENERATION_FAILED] in a prompt to see the error path',
	];
}

function exampleLines(stack: DemoStack): string[] {
	const { imported, keptFromEarlierStart, failed } = stack.examples;
	const listed = [...imported, ...keptFromEarlierStart].map(
		(example) =>
			`    - ${example.name}${example.id === undefined ? '' : `  ${stack.n8n.baseUrl}/workflow/${example.id}`}`,
	);
	const warnings = failed.map((problem) => `    ! skipped ${relative(problem.file)}: ${problem.reason}`);
	if (listed.length === 0 && warnings.length === 0) return [];
	const note =
		listed.length === 0
			? []
			: ['    (their nodes of other services output pinned sample data: open one, click "Execute Workflow")'];
	return ['', '  Example workflows', ...listed, ...note, ...warnings];
}

function tryFirstLines(stack: DemoStack): string[] {
	return [
		'',
		'Try first',
		`  1. Open ${stack.n8n.baseUrl} and log in. n8n shows its Assistant page: "Set up later in Settings"`,
		'     leads to the Overview, with the example workflows.',
		'  2. Click "Create workflow", then "Add first step…" and choose "Trigger manually". Click the +',
		'     after it, search "Presenter Video", click it and choose "Create video and download MP4".',
		'  3. The credential "Presenter Video API" is already selected. Open Voice ("From list") and pick a',
		'     voice, write a prompt, set the duration, click "Execute step": the MP4 appears in the output.',
	];
}

/**
 * What a newcomer needs once everything runs: where, how to log in, what it talks to, what to try.
 * `readyAfterMs` is how long this start took, measured by the caller.
 */
export function demoBanner(
	stack: DemoStack,
	timings: SandboxTimings,
	persistentFolder: string | undefined,
	readyAfterMs: number,
): string {
	const { n8n, communityPackage } = stack;
	const folderLines =
		persistentFolder === undefined
			? []
			: [
					`  Your workflows, credentials and login are kept in ${relative(persistentFolder)} between starts;`,
					'  "npm start -- --fresh" starts over.',
				];
	return [
		'',
		`n8n ${n8n.version} is running with ${communityPackage.name}@${communityPackage.version}` +
			` (ready ${minutesAndSeconds(readyAfterMs)} after npm start)`,
		'',
		`  n8n          ${n8n.baseUrl}`,
		`  Login        ${n8n.owner.email} / ${n8n.owner.password}`,
		`  Credential   "Presenter Video API" -> ${stack.service.credentialData.baseUrl}`,
		...serviceLines(stack, timings),
		...exampleLines(stack),
		...tryFirstLines(stack),
		'',
		...folderLines,
		`  n8n log: ${relative(n8n.logFile)}`,
		stack.service.sandbox === undefined ? '  Ctrl-C stops n8n.' : '  Ctrl-C stops n8n and the sandbox.',
		'',
	].join('\n');
}
