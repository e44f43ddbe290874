/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';

/** A job's `webhook_url` in pause mode, taken apart. */
export interface CallbackAddress {
	url: string;
	executionId: string;
	nodeId: string;
	/** The execution's own resume URL (`$execution.resumeUrl`): the address without the node's path, query kept. */
	executionResumeUrl: string;
}

/**
 * Reads `<n8nBaseUrl>/webhook-waiting/<executionId>/<nodeId>[?signature=…]`; fails when the address
 * has another shape, another base, or no node path.
 */
export function callbackAddress(url: string, n8nBaseUrl: string): CallbackAddress {
	const parsed = new URL(url);
	const match = /^\/webhook-waiting\/(\d+)\/([^/]+)$/.exec(parsed.pathname);
	assert.ok(
		parsed.origin === new URL(n8nBaseUrl).origin && match !== null,
		`a job reports to a node's resume address under ${n8nBaseUrl}, got ${url}`,
	);
	const [, executionId, nodeId] = match;
	return { url, executionId, nodeId, executionResumeUrl: `${parsed.origin}/webhook-waiting/${executionId}${parsed.search}` };
}
