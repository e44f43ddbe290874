/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type http from 'node:http';
import { closeServer, listenOn, readBody } from './local-server';
import { toFirst } from './routing-policies';

/** A webhook processor the router may hand a call to. */
export interface RouteTarget {
	label: string;
	baseUrl: string;
}

/** What the router knows of a call when it picks its targets. */
export interface RoutedCall {
	path: string;
	/** `job_id` of a JSON body, when it has one (a job's callback). */
	jobId?: string;
	/** Its `status`, when it has one. */
	jobStatus?: string;
}

/** Picks the processes a call goes to: one, as a load balancer does, or several at the same moment. */
export type RoutingPolicy = (call: RoutedCall, targets: RouteTarget[]) => RouteTarget[];

/** One call handed to one process, and how that process answered. */
export interface ForwardedCall extends RoutedCall {
	/** The incoming call's number: copies of one call sent to several processes share it. */
	call: number;
	at: number;
	/** When the process's answer had come in whole. */
	answeredAt: number;
	target: string;
	status: number;
}

/** `job_id` and `status` of a JSON body, when it has them (a job's callback). */
function jobOf(body: Buffer): Pick<RoutedCall, 'jobId' | 'jobStatus'> {
	try {
		const { job_id: jobId, status } = JSON.parse(body.toString('utf8')) as { job_id?: unknown; status?: unknown };
		return {
			jobId: typeof jobId === 'string' ? jobId : undefined,
			jobStatus: typeof status === 'string' ? status : undefined,
		};
	} catch {
		return {};
	}
}

interface Answer {
	status: number;
	headers: Headers;
	body: Buffer;
}

/**
 * The load balancer in front of the webhook processors: n8n's public webhook address (resume URLs
 * included) points here, and a routing policy decides which process takes each call. By default
 * every call goes to the first one; a scenario can spread calls over both or send one call to both
 * at once, as copies of a callback may arrive. The caller gets the answer of a process that took
 * the call (a 2xx one when there is one).
 */
export class CallbackRouter {
	readonly forwarded: ForwardedCall[] = [];
	private policy: RoutingPolicy = toFirst;
	private calls = 0;

	private constructor(
		private readonly server: http.Server,
		readonly baseUrl: string,
		private readonly targets: RouteTarget[],
	) {}

	static async start(port: number, targets: RouteTarget[]): Promise<CallbackRouter> {
		const server = await listenOn(port);
		const router = new CallbackRouter(server, `http://127.0.0.1:${port}`, targets);
		server.on('request', (request, response) => void router.handle(request, response));
		return router;
	}

	/** Routes calls from now on by `policy`; `toFirst` again when left out. */
	route(policy: RoutingPolicy = toFirst): void {
		this.policy = policy;
	}

	private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		try {
			const body = await readBody(request);
			const call: RoutedCall = { path: request.url ?? '/', ...jobOf(body) };
			const chosen = this.policy(call, this.targets);
			const number = ++this.calls;
			// Each forward sends its request before its first await: copies leave in the same tick.
			const answers = await Promise.all(
				chosen.map(async (target) => await this.forward(target, request, body, { ...call, call: number })),
			);
			const answer = answers.find((candidate) => candidate.status < 300) ?? answers[0];
			const headers: Record<string, string> = {};
			answer.headers.forEach((value, key) => {
				if (!['content-length', 'transfer-encoding', 'connection'].includes(key)) headers[key] = value;
			});
			response.writeHead(answer.status, headers).end(answer.body);
		} catch (error) {
			response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
		}
	}

	private async forward(
		target: RouteTarget,
		request: http.IncomingMessage,
		body: Buffer,
		call: RoutedCall & { call: number },
	): Promise<Answer> {
		const headers = new Headers();
		for (const [key, value] of Object.entries(request.headers)) {
			if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(key)) headers.set(key, value);
		}
		const at = Date.now();
		const result = await fetch(`${target.baseUrl}${call.path}`, {
			method: request.method,
			headers,
			body: ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : new Uint8Array(body),
			redirect: 'manual',
			signal: AbortSignal.timeout(60_000),
		});
		const answer = { status: result.status, headers: result.headers, body: Buffer.from(await result.arrayBuffer()) };
		this.forwarded.push({ ...call, at, answeredAt: Date.now(), target: target.label, status: answer.status });
		return answer;
	}

	async close(): Promise<void> {
		await closeServer(this.server);
	}
}
