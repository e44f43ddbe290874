/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import { versionProfile } from '../../n8n/versions';
import type { Scenario } from '../scenario';
import { sandboxAllowedIpRange } from '../ssrf-settings';
import { executionErrorText, finishedExecutions } from '../support/executions';
import { isMp4 } from '../support/mp4';
import { startRequestTrap } from '../support/request-trap';
import { apiRequestsSince } from '../support/sandbox-log';
import { readSsrfCounts } from '../support/ssrf-metrics';
import { postToWebhook } from '../support/webhook-call';
import { createNodeName } from '../workflows/prompt-to-mp4';
import {
	ssrfCreatePath,
	ssrfCreateWorkflow,
	ssrfCreateWorkflowId,
	ssrfDownloadPath,
	ssrfDownloadWorkflow,
	ssrfDownloadWorkflowId,
} from '../workflows/ssrf-guard';

/**
 * A loopback address in n8n's blocked 127.0.0.0/8 but outside the allowed range: a listener
 * there sees any request that gets through.
 */
const trapHost = '127.0.0.2';

/** Cloud metadata (169.254.0.0/16) and a private network (10.0.0.0/8): nothing listens here. */
const unreachableForgeries = [
	'http://169.254.169.254/latest/meta-data/iam/security-credentials/video.mp4',
	'http://10.0.0.1/videos/export_000000000000.mp4',
];

export const ssrfProtectionScenario: Scenario = {
	name: 'ssrf protection: sandbox allowed, forged storage URLs refused',
	workflows: [ssrfCreateWorkflow, ssrfDownloadWorkflow],
	// 2.20.12 has the settings but no counters, and its guard let a Video URL on 127.0.0.2 through
	// with 127.0.0.1/32 allowed: the scenario holds n8n to the guard it counts (2.41).
	skipReason(version) {
		const { ssrfProtection, ssrfMetrics } = versionProfile(version);
		if (!ssrfProtection) return `n8n ${version} has no SSRF protection`;
		return ssrfMetrics ? undefined : `n8n ${version} has no SSRF protection metrics`;
	},
	async run({ instance, api, sandbox }) {
		const before = await readSsrfCounts(instance);

		// The API calls and the MP4 download, all to 127.0.0.1 (allowed), pass the guard.
		const since = Date.now();
		const created = await postToWebhook(instance, ssrfCreatePath, {
			prompt: 'A short welcome for new members',
			duration: 10,
		});
		assert.equal(created.status, 200, `create answered ${created.status}: ${created.text.slice(0, 300)}`);
		assert.ok(isMp4(created.bytes), `the answer is not an MP4 (${created.contentType}, ${created.bytes.length} bytes)`);
		const [createRun] = await finishedExecutions(api, ssrfCreateWorkflowId, 1);
		assert.equal(createRun.status, 'success');
		const [output] = nodeOutputJson(createRun, createNodeName);
		const videoUrl = String(output.videoUrl);
		assert.equal(videoUrl, `${sandbox.storageUrl}/videos/${String(output.exportJobId)}.mp4`);
		const reached = sandbox.requests.filter((request) => request.at >= since);
		assert.ok(apiRequestsSince(sandbox, since).length >= 4, 'the starts and status reads reached the service');
		assert.ok(
			reached.some((request) => request.listener === 'storage' && request.path === new URL(videoUrl).pathname),
			'the MP4 was fetched from the storage host',
		);
		const afterCreate = await readSsrfCounts(instance);
		assert.ok(
			afterCreate.allowed - before.allowed >= reached.length,
			`the guard checked each of the ${reached.length} requests (allowed checks ${before.allowed} -> ${afterCreate.allowed})`,
		);
		assert.equal(afterCreate.blocked, before.blocked, 'nothing to the sandbox was blocked');

		// The same Download workflow fetches the real storage URL ...
		const genuine = await postToWebhook(instance, ssrfDownloadPath, { videoUrl });
		assert.equal(genuine.status, 200, `download answered ${genuine.status}: ${genuine.text.slice(0, 300)}`);
		assert.ok(isMp4(genuine.bytes), 'the genuine storage URL gives the MP4');
		const [genuineRun] = await finishedExecutions(api, ssrfDownloadWorkflowId, 1);
		assert.equal(genuineRun.status, 'success');

		// ... and refuses forged ones in blocked ranges, before any connection.
		const trap = await startRequestTrap(trapHost);
		try {
			const forged = [`${trap.url}/videos/export_000000000000.mp4`, ...unreachableForgeries];
			for (const [index, url] of forged.entries()) {
				const answer = await postToWebhook(instance, ssrfDownloadPath, { videoUrl: url });
				assert.notEqual(answer.status, 200, `${url} was answered as a success`);
				const runs = await finishedExecutions(api, ssrfDownloadWorkflowId, index + 2);
				const run = runs[index + 1];
				assert.equal(run.status, 'error', `the download of ${url} ended ${run.status}`);
				const text = executionErrorText(run);
				const refused = `n8n's SSRF protection refused the address ${new URL(url).hostname}`;
				assert.ok(text.includes(refused), `the error names the guard and the address:\n${text}`);
			}
			assert.deepEqual(trap.received, [], `no request reached ${trapHost}`);
		} finally {
			await trap.close();
		}
		const afterForged = await readSsrfCounts(instance);
		assert.equal(
			afterForged.blocked - afterCreate.blocked,
			3,
			`the guard refused the 3 forged addresses (blocked checks ${JSON.stringify(afterForged.blockedByReason)})`,
		);
		assert.equal(
			(afterForged.blockedByReason.blocked_ip ?? 0) - (afterCreate.blockedByReason.blocked_ip ?? 0),
			3,
			`each for its address (outside ${sandboxAllowedIpRange})`,
		);
	},
};
