/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Sandbox } from '../../../test/sandbox';
import { callbackAddress } from './callback-address';
import { apiRequestsSince, bodyField, generationStarts } from './sandbox-log';
import { waitUntil } from './wait-until';

/**
 * Waits for the `count` generation starts of a batch paused for callbacks, checks that every job
 * reports to the one address of the paused node `nodeId` under `n8nBaseUrl`, and returns the
 * execution's id.
 */
export async function pausedBatchExecutionId(
	sandbox: Sandbox,
	since: number,
	count: number,
	n8nBaseUrl: string,
	nodeId: string,
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
	assert.equal(resumeUrls.size, 1, 'every job reports to the one address of the paused node');
	const { executionId, nodeId: addressed } = callbackAddress([...resumeUrls][0], n8nBaseUrl);
	assert.equal(addressed, nodeId, 'the address names the paused node');
	return executionId;
}
