/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { createServer } from 'http';
import type { AddressInfo } from 'net';

import type { WorkflowRunResult } from './run-result';
import { handleWaitingWebhook } from './waiting-webhooks';
import { serveWebhookRequest } from './webhook-http';

const WAITING_PATH = '/webhook-waiting';

export interface ReceivedResumeCall {
	method: string;
	url: string;
	status: number;
}

export interface WaitingWebhookServer {
	/** Pass to runWorkflow: nodes then see a `$execution.resumeUrl` pointing at this server. */
	instanceBaseUrl: string;
	webhookWaitingBaseUrl: string;
	/** Every call received, with the status it was answered with. */
	readonly calls: ReceivedResumeCall[];
	/** The next execution this server resumed, once that run has ended (or paused again). */
	nextResume(): Promise<WorkflowRunResult>;
	close(): Promise<void>;
}

/**
 * A real listener on 127.0.0.1 for `$execution.resumeUrl`, standing in for n8n's
 * `/webhook-waiting/:executionId/:suffix?` route, so a service (e.g. the sandbox) can call
 * the URL a node handed it and resume the paused execution.
 */
export async function startWaitingWebhookServer(): Promise<WaitingWebhookServer> {
	const calls: ReceivedResumeCall[] = [];
	const resumed: Array<Promise<WorkflowRunResult>> = [];
	const waiters: Array<(run: Promise<WorkflowRunResult>) => void> = [];
	const publish = (run: Promise<WorkflowRunResult>) => {
		const waiter = waiters.shift();
		if (waiter) waiter(run);
		else resumed.push(run);
	};

	const server = createServer((incoming, outgoing) => {
		const answered = new Promise<void>((resolve) => {
			outgoing.on('finish', () => {
				calls.push({ method: incoming.method ?? '', url: incoming.url ?? '', status: outgoing.statusCode });
				resolve();
			});
		});
		const handled = serveWebhookRequest(incoming, outgoing, async (req, res) => {
			const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
			const [executionId, ...suffix] = pathname.slice(WAITING_PATH.length + 1).split('/');
			if (!pathname.startsWith(`${WAITING_PATH}/`) || !executionId) {
				res.status(404).json({ code: 404, message: 'Not a waiting-webhook URL' });
				return undefined;
			}
			return await handleWaitingWebhook(req, res, executionId, suffix.join('/'));
		});
		// Refused calls are only recorded; an accepted one is published when its run has ended
		// and its caller has the answer.
		const outcome = Promise.all([handled, answered]).then(([result]) => result);
		outcome.then(
			(result) => {
				if (result) publish(Promise.resolve(result));
			},
			(error: unknown) => {
				const failed = Promise.reject(error);
				failed.catch(() => {});
				publish(failed);
			},
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const instanceBaseUrl = `http://127.0.0.1:${port}/`;

	return {
		instanceBaseUrl,
		webhookWaitingBaseUrl: `${instanceBaseUrl}${WAITING_PATH.slice(1)}`,
		calls,
		nextResume: async () =>
			await (resumed.shift() ?? new Promise<WorkflowRunResult>((resolve) => waiters.push((run) => resolve(run)))),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
