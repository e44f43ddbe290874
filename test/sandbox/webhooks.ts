/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Timers } from './timers';
import type { WebhookDeliveryAttempt } from './types';

export interface WebhookPolicy {
	retryDelaysMs: readonly number[];
	timeoutMs: number;
	duplicates: number;
	/** Sent with every attempt, besides the JSON content headers. */
	headers: Record<string, string>;
}

interface AttemptOutcome {
	status?: number;
	error?: string;
}

/**
 * Delivers job events: POST JSON to the given URL only; non-2xx, time-outs and connection errors
 * are retried after each configured delay; after a success, optional duplicate copies follow.
 */
export class WebhookDispatcher {
	private readonly inFlight = new Set<http.ClientRequest>();

	constructor(
		private readonly log: WebhookDeliveryAttempt[],
		private readonly timers: Timers,
	) {}

	/** Resolves once the delivery is over: delivered (with its copies), or out of attempts. */
	deliver(url: string, jobId: string, body: unknown, policy: WebhookPolicy): Promise<void> {
		return this.run(url, jobId, body, policy).catch(() => undefined);
	}

	close(): void {
		for (const request of this.inFlight) request.destroy();
		this.inFlight.clear();
	}

	private async run(url: string, jobId: string, body: unknown, policy: WebhookPolicy): Promise<void> {
		// The policy is fixed per event, so a configure() mid-delivery does not mix schedules.
		const { retryDelaysMs, timeoutMs, duplicates, headers } = policy;
		let attempt = 0;
		let delivered = false;
		for (let round = 0; round <= retryDelaysMs.length && !delivered; round += 1) {
			if (round > 0) await this.timers.sleep(retryDelaysMs[round - 1] as number);
			if (this.timers.isClosed) return;
			attempt += 1;
			delivered = await this.attempt(url, jobId, body, attempt, timeoutMs, headers);
		}
		for (let copy = 0; delivered && copy < duplicates; copy += 1) {
			await this.timers.sleep(retryDelaysMs[0] ?? 0);
			if (this.timers.isClosed) return;
			attempt += 1;
			await this.attempt(url, jobId, body, attempt, timeoutMs, headers);
		}
	}

	private async attempt(
		url: string,
		jobId: string,
		body: unknown,
		attempt: number,
		timeoutMs: number,
		headers: Record<string, string>,
	): Promise<boolean> {
		const at = Date.now();
		const outcome = await this.post(url, body, timeoutMs, headers);
		if (this.timers.isClosed) return false;
		this.log.push({ at, url, jobId, attempt, body, ...outcome });
		return outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
	}

	private post(
		url: string,
		body: unknown,
		timeoutMs: number,
		headers: Record<string, string>,
	): Promise<AttemptOutcome> {
		return new Promise((resolve) => {
			const payload = Buffer.from(JSON.stringify(body), 'utf8');
			let settled = false;
			// Armed once the request exists; `finish` may run before that, from the catch below.
			const deadline: { timer?: NodeJS.Timeout } = {};
			let request: http.ClientRequest | undefined;
			const finish = (outcome: AttemptOutcome): void => {
				if (settled) return;
				settled = true;
				clearTimeout(deadline.timer);
				if (request) this.inFlight.delete(request);
				resolve(outcome);
			};
			const transport = url.startsWith('https:') ? https : http;
			try {
				request = transport.request(url, {
					method: 'POST',
					// A fresh connection per attempt: no keep-alive sockets outlive the sandbox.
					agent: false,
					headers: {
						...headers,
						'Content-Type': 'application/json',
						'Content-Length': String(payload.length),
						Connection: 'close',
					},
				});
			} catch (error) {
				finish({ error: error instanceof Error ? error.message : String(error) });
				return;
			}
			const sent = request;
			deadline.timer = setTimeout(() => {
				finish({ error: `timeout after ${timeoutMs} ms` });
				sent.destroy();
			}, timeoutMs);
			this.inFlight.add(sent);
			sent.on('response', (response) => {
				response.resume();
				finish({ status: response.statusCode ?? 0 });
			});
			sent.on('error', (error: Error) => finish({ error: error.message }));
			sent.end(payload);
		});
	}
}
