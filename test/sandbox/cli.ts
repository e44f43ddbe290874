/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * Runs the sandbox for demos and manual testing: `npx tsx test/sandbox/cli.ts` (npm run sandbox).
 * Env: SANDBOX_PORT (default 4010; storage uses the next port unless SANDBOX_STORAGE_PORT is set),
 * SANDBOX_GENERATION_MS / SANDBOX_EXPORT_MS (job durations, default 20000 / 10000),
 * SANDBOX_RATE_LIMIT / SANDBOX_RATE_WINDOW_MS (requests per workspace per window, default the
 * service's 100 per 60000), SANDBOX_PROFILE (contract or code, default contract).
 */
import { PROFILE_DESCRIPTIONS, profileFromEnv, startSandbox } from './index';

function envNumber(name: string, fallback: number): number {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 0)
		throw new Error(`${name} must be a non-negative integer (got "${raw}")`);
	return value;
}

async function main(): Promise<void> {
	const port = envNumber('SANDBOX_PORT', 4010);
	const profile = profileFromEnv(process.env);
	const sandbox = await startSandbox({
		profile,
		port,
		storagePort: envNumber('SANDBOX_STORAGE_PORT', port + 1),
		timings: {
			generationMs: envNumber('SANDBOX_GENERATION_MS', 20_000),
			exportMs: envNumber('SANDBOX_EXPORT_MS', 10_000),
		},
		rateLimit: {
			limit: envNumber('SANDBOX_RATE_LIMIT', 100),
			windowMs: envNumber('SANDBOX_RATE_WINDOW_MS', 60_000),
		},
	});
	const { keys } = sandbox;
	process.stdout.write(
		[
			'Presenter video sandbox is running.',
			'',
			`  Profile      ${PROFILE_DESCRIPTIONS[profile]}`,
			`  Base URL     ${sandbox.baseUrl}        (API under ${sandbox.apiUrl})`,
			`  Storage URL  ${sandbox.storageUrl}        (MP4s and thumbnails, no key needed)`,
			'',
			'  API keys',
			`    ${keys.main.padEnd(22)} Enterprise, space A, 1000 credits`,
			`    ${keys.mainSecond.padEnd(22)} A second key of space A (shares its credits and rate limit)`,
			`    ${keys.other.padEnd(22)} Enterprise, space B, 1000 credits`,
			`    ${keys.poor.padEnd(22)} Enterprise, about 1 credit (402 paths)`,
			`    ${keys.starter.padEnd(22)} Start plan (403 plan_required)`,
			'',
			'  In n8n, create a "Presenter Video API" credential with',
			`    Base URL = ${sandbox.baseUrl}`,
			`    API Key  = ${keys.main}`,
			'',
			'  Make a job fail on purpose: put [sandbox:fail=VOICE_GENERATION_FAILED] in the prompt or script,',
			'  or [sandbox:export-fail=ENCODING_FAILED] to make its export fail.',
			'  Profile code only: [sandbox:export-no-result] in the prompt makes its exports complete without a',
			'  result; [sandbox:veo-video] makes the video count as made with Veo (Veo avatar models only).',
			'',
			'Press Ctrl-C to stop.',
			'',
		].join('\n'),
	);
	const stop = (): void => {
		process.stdout.write('\nStopping the sandbox...\n');
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`Could not start the sandbox: ${error instanceof Error ? error.message : String(error)}\n`,
	);
	process.exit(1);
});
