/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Sandbox } from '../../../test/sandbox';
import { apiRequestsSince, bodyField, generationStarts } from './sandbox-log';
import { waitUntil } from './wait-until';

/**
 * Waits for the `count` generation starts of a batch paused for callbacks, checks that every job
 * reports to the one resume URL of the execution, under `n8nBaseUrl`, and returns that execution's id.
 */
export async function pausedBatchExecutionId(
	sandbox: Sandbox,
	since: number,
	count: number,
	n8nBaseUrl: string,
): Promise<string> {
	const starts = await waitUntil(
		`${count} generation starts`,
		() => {
			const found = generationStarts(apiRequestsSince(sandbox, since));
			return found.length >= count ? found : undefined;
		},
		60_000,
	);
	const resumeUrls = new Set(starts.map((start) => String(bodyField(start, 'webhook_url'))));
	assert.equal(resumeUrls.size, 1, 'every job reports to the one resume URL of the execution');
	const [resumeUrl] = resumeUrls;
	const executionId = new RegExp(`^${n8nBaseUrl}/webhook-waiting/(\\d+)`).exec(resumeUrl)?.[1];
	assert.ok(executionId !== undefined, `the jobs report to an n8n resume URL, got ${resumeUrl}`);
	return executionId;
}
