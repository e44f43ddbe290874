import {
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	NodeOperationError,
} from 'n8n-workflow';

import { startedJobJson, timedOutHint } from '../jobs/output';
import type { StartedJob } from '../jobs/types';
import type { JobKind, ServiceJob } from '../service/types';
import type { ApiClient } from '../transport/client';
import { holdRepeatedPause } from './pauseHold';
import { settledBeforePause } from './resume';
import { WaitCancelledError } from '../schedule/time';

/** Refuses a batch before anything starts when the service could not call n8n back. */
export function assertResumeReachable(node: INode, resumeUrl: string, client: ApiClient): void {
	const host = unreachableResumeHost(resumeUrl, client.apiRoot);
	if (host === undefined) return;
	throw new NodeOperationError(
		node,
		`The service cannot call this n8n back: its resume address is on ${host}, which is not reachable from ${new URL(client.apiRoot).hostname}`,
		{
			description:
				'Set Wait for Completion to Poll Until Done, or give n8n a public address (its WEBHOOK_URL setting) so that the service can reach it. Nothing was started.',
		},
	);
}

/** Pausing gives the service n8n's own address; a Webhook URL of the user's would replace it. */
export function assertNoWebhookUrl(node: INode, body: IDataObject, itemIndex: number): void {
	if (body.webhook_url === undefined) return;
	throw new NodeOperationError(node, 'Webhook URL cannot be set while pausing for the callback', {
		description:
			'The node gives the service its own resume address. Remove the Webhook URL option, or choose another Wait for Completion mode.',
		itemIndex,
	});
}

/** What an item holds while its job runs, and becomes if Max Wait passes (n8n passes it on unchanged). */
export function waitingItemJson(started: StartedJob, body: IDataObject): IDataObject {
	const { kind, jobId } = started;
	const json: IDataObject = { ...startedJobJson(kind, started.start as ServiceJob, true) };
	if (kind === 'export') json.videoId = body.video_id;
	return { ...json, timedOut: true, hint: timedOutHint(kind, jobId) };
}

/**
 * Pauses the execution until the service has called back for every job, or Max Wait passes. The
 * input items are replaced in place by the started jobs: n8n keeps them with the execution, hands
 * them to `webhook()`, and passes them on unchanged at Max Wait (n8n-core 2.41.1 and 1.123.81:
 * `WorkflowExecute` disables a node resumed by its wait time; `pause.test.ts` fails if that
 * changes). What the node returns is only shown while it waits. A pause after an earlier one is
 * held first (`pauseHold.ts`); a batch whose jobs all ended meanwhile goes on without waiting.
 */
export async function pauseForCallbacks(
	context: IExecuteFunctions,
	kind: JobKind,
	started: INodeExecutionData[],
	{ maxWaitMs, began, client }: { maxWaitMs: number; began: number; client: ApiClient },
): Promise<INodeExecutionData[]> {
	const jobs = started.filter((item) => item.json.timedOut === true).length;
	// Nothing started (every item failed and Continue On Fail is on): nothing to wait for.
	if (jobs === 0) return started;
	if (await holdRepeatedPause(context, began, jobs)) {
		// A batch that cannot be read waits for its callbacks.
		const settled = await settledBeforePause(context, client, started, kind).catch((error: Error) => {
			context.logger.warn(`Presenter Video: a held batch's status could not be read (${error.message})`);
		});
		if (context.getExecutionCancelSignal()?.aborted) throw new WaitCancelledError();
		if (settled) return settled;
	}
	const items = context.getInputData();
	items.splice(0, items.length, ...started);
	await context.putExecutionToWait(new Date(Date.now() + maxWaitMs));
	return started.map((item) => {
		if (item.json.timedOut !== true) return item;
		const json: IDataObject = { ...item.json, waitingForCallback: true };
		delete json.timedOut;
		delete json.hint;
		return { ...item, json };
	});
}

const LOCAL_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

function isPrivateIpv4(host: string): boolean {
	const parts = host.split('.').map(Number);
	if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
	const [a, b] = parts;
	return (
		a === 127 ||
		a === 10 ||
		a === 0 ||
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 168) ||
		(a === 169 && b === 254) ||
		(a === 100 && b >= 64 && b <= 127)
	);
}

function isPrivateIpv6(host: string): boolean {
	const address = host.replace(/^\[|\]$/g, '').toLowerCase();
	if (!address.includes(':')) return false;
	if (address === '::1' || address === '::') return true;
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
	if (mapped) return isPrivateIpv4(mapped[1]);
	return /^f[cd]/.test(address) || /^fe[89ab]/.test(address);
}

/** Loopback, private and link-local addresses, and names that only resolve inside a network. */
export function isLocalHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host === 'localhost' || LOCAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
	if (isPrivateIpv4(host) || isPrivateIpv6(host)) return true;
	// A single-label name (a container or intranet host) is not in public DNS.
	return !host.includes('.') && !host.includes(':');
}

/**
 * The host of a resume address the service cannot reach: n8n in a private network, the service on
 * the internet. Local to local (a sandbox, a service next to n8n) works.
 */
export function unreachableResumeHost(resumeUrl: string, apiRoot: string): string | undefined {
	if (!URL.canParse(resumeUrl) || !URL.canParse(apiRoot)) return undefined;
	const resumeHost = new URL(resumeUrl).hostname;
	const apiHost = new URL(apiRoot).hostname;
	return isLocalHost(resumeHost) && !isLocalHost(apiHost) ? resumeHost : undefined;
}
