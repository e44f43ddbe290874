/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { logProgress } from '../../n8n/progress-log';
import { executionErrorText, finishedExecutions } from '../../e2e/support/executions';
import { itemsOverRuns } from '../../e2e/support/node-runs';
import { postToWebhook } from '../../e2e/support/webhook-call';
import { bigDownloadName, smallDownloadName, storedThenBig } from '../binary-store-workflow';
import type { QueueScenario } from '../queue-scenario';

const MIB = 1024 * 1024;
/** Over the most n8n allows in database mode (1024 MiB), so refused whatever the cluster's cap. */
const announcedBytes = 2048 * MIB;
/** The storage lets no one fetch more: a node that streamed the file fails without filling a worker's memory. */
const cutAfterBytes = 128 * MIB;
/**
 * What the storage may hand to the connection before the node drops it: the sockets' buffers
 * (Linux lets a receive buffer grow to 32 MiB, a send buffer to 4 MiB), not the file.
 */
const nextToNoneBytes = 40 * MIB;

/**
 * The node learns that n8n keeps binary data in the database from a stored file's id (its
 * `database:` prefix; n8n 2.41.1 and 1.123.81), and then refuses a file announced over the cap
 * before it streams. A small download first, then one announced at 2 GiB, in one execution (one
 * worker): the node's own refusal, and next to none of the big file's bytes sent by the storage.
 * Fails if n8n changes the prefix: the big file would then stream until the storage cuts it.
 */
export const binaryStoreModeScenario: QueueScenario = {
	name: 'binary store: database mode learned from a stored file id, a file over the cap refused before it streams',
	async run({ cluster, api, sandbox }) {
		const since = Date.now();
		const small = `${sandbox.storageUrl}/large.mp4?bytes=${200_000}`;
		const big = `${sandbox.storageUrl}/large.mp4?bytes=${announcedBytes}&cutAfter=${cutAfterBytes}`;
		const answer = await postToWebhook(cluster.webhooks[0], storedThenBig.path, { small, big });
		assert.equal(answer.status, 200, `webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const [execution] = await finishedExecutions(api, storedThenBig.workflow.id, 1, 120_000);

		const [stored] = itemsOverRuns(execution, smallDownloadName);
		const storedId = String(stored?.binary?.data?.id);
		assert.match(storedId, /^database:/, `n8n names a file stored in the database by a database: id, not ${storedId}`);
		const errorText = executionErrorText(execution);
		assert.equal(execution.status, 'error', 'the big download fails the execution');
		assert.equal(execution.data?.resultData.lastNodeExecuted, bigDownloadName, `the big download failed: ${errorText}`);
		assert.match(errorText, /large\.mp4 \(2048 MiB\) is larger than n8n's binary data limit of 1024 MiB/, `the node's own refusal: ${errorText}`);

		const bigFetches = sandbox.requests.filter(
			(request) => request.listener === 'storage' && request.at >= since && request.query.bytes === String(announcedBytes),
		);
		assert.equal(bigFetches.length, 1, 'the big file asked for once');
		const sent = bigFetches[0].bodyBytesSent ?? 0;
		logProgress('binary store', `the storage handed ${(sent / MIB).toFixed(2)} MiB of the ${announcedBytes / MIB} MiB file to the connection`);
		assert.ok(sent <= nextToNoneBytes, `next to none of the big file streamed: ${sent} bytes sent`);
	},
};
