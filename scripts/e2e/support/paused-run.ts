/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Sandbox, SandboxProfileName } from '../../../test/sandbox';
import type { N8nInstance } from '../../n8n/instance';
import type { PublicApiClient } from '../../n8n/public-api';
import { versionProfile } from '../../n8n/versions';
import type { E2eContext } from '../scenario';
import type { TaggedWorkflow } from '../workflows/paused-chains';
import { callbackAddress, type CallbackAddress } from './callback-address';
import { apiRequestsSince, bodyField, generationStarts } from './sandbox-log';
import { waitUntil } from './wait-until';
import { postToWebhook } from './webhook-call';

/** What a pause-mode check runs against, in regular or queue mode. */
export interface PauseTarget {
	api: PublicApiClient;
	sandbox: Sandbox;
	/** The n8n process that takes production webhooks; resume URLs point at it. */
	webhooks: Pick<N8nInstance, 'baseUrl' | 'callWebhook'>;
	/** n8n checks the execution's resume token on every resume call (2.x). */
	checksResumeToken: boolean;
}

/** A single n8n: it takes the webhooks itself; 2.x checks resume tokens, 1.x does not for this node. */
export function regularPauseTarget({ api, sandbox, instance, version }: E2eContext): PauseTarget {
	return { api, sandbox, webhooks: instance, checksResumeToken: versionProfile(version).resumeToken };
}

/** One execution of a tagged workflow, paused at its first Generate node. */
export interface PausedRun {
	profile: SandboxProfileName;
	tag: string;
	/** When the first of its jobs started (epoch ms). */
	startedAt: number;
	/** The address the first paused node gave its jobs. */
	callback: CallbackAddress;
}

/** Generation starts whose prompt carries the tag. */
function taggedStarts(sandbox: Sandbox, since: number, tag: string) {
	return generationStarts(apiRequestsSince(sandbox, since)).filter((start) => String(bodyField(start, 'prompt')).startsWith(tag));
}

/**
 * Starts the workflow with `count` tagged prompts and returns once its `count` jobs have started,
 * all reporting to one address: the node `nodeId`'s, signed where n8n signs resume URLs.
 */
export async function startTaggedRun(
	{ sandbox, webhooks, checksResumeToken }: PauseTarget,
	workflow: TaggedWorkflow,
	profile: SandboxProfileName,
	count: number,
	nodeId: string,
): Promise<PausedRun> {
	const since = Date.now();
	const tag = `${workflow.path} ${profile} ${since}`;
	const answer = await postToWebhook(webhooks, workflow.path, { count, tag });
	assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
	const starts = await waitUntil(
		`${count} starts tagged "${tag}"`,
		() => {
			const found = taggedStarts(sandbox, since, tag);
			return found.length >= count ? found : undefined;
		},
		60_000,
	);
	const urls = new Set(starts.map((start) => String(bodyField(start, 'webhook_url'))));
	assert.equal(urls.size, 1, `every job of a batch reports to one address, got ${[...urls].join(', ')}`);
	const callback = callbackAddress([...urls][0], webhooks.baseUrl);
	assert.equal(callback.nodeId, nodeId, 'the address names the paused node');
	assert.equal(new URL(callback.url).searchParams.has('signature'), checksResumeToken, 'signed where n8n checks the token');
	return { profile, tag, startedAt: Math.min(...starts.map((start) => start.at)), callback };
}

/** Generation starts made with a paused node's address, in one execution. */
export function startsReportingTo(sandbox: Sandbox, address: Pick<CallbackAddress, 'executionId' | 'nodeId'>) {
	return generationStarts(sandbox.requests).filter((start) => {
		const url = bodyField(start, 'webhook_url');
		return typeof url === 'string' && new URL(url).pathname === `/webhook-waiting/${address.executionId}/${address.nodeId}`;
	});
}
