/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type http from 'node:http';
import { closeServer, listenOn, readBody } from './local-server';

/** One run of a node after the paused one, as it reported itself. */
export interface RecordedRun {
	at: number;
	executionId: string;
	/** The job ids of the items the run was given. */
	jobIds: string[];
}

/**
 * Where the workflows' HTTP Request nodes after a paused node report each of their runs. n8n saves
 * one run of a node however often the execution went on (n8n 1.x's second continuation overwrites
 * the first), so only a record outside n8n tells how often the rest of the workflow ran.
 */
export class RunRecorder {
	readonly runs: RecordedRun[] = [];

	private constructor(
		private readonly server: http.Server,
		readonly url: string,
	) {}

	static async start(port: number): Promise<RunRecorder> {
		const server = await listenOn(port);
		const recorder = new RunRecorder(server, `http://127.0.0.1:${port}/runs`);
		server.on('request', (request, response) => void recorder.record(request, response));
		return recorder;
	}

	private async record(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		try {
			const body = JSON.parse((await readBody(request)).toString('utf8')) as {
				executionId?: unknown;
				jobIds?: unknown;
			};
			const jobIds = Array.isArray(body.jobIds) ? body.jobIds.map(String) : [];
			this.runs.push({ at: Date.now(), executionId: String(body.executionId), jobIds });
			response.writeHead(200, { 'content-type': 'application/json' }).end('{"recorded":true}');
		} catch {
			response.writeHead(400).end();
		}
	}

	runsOf(executionId: string): RecordedRun[] {
		return this.runs.filter((run) => run.executionId === executionId);
	}

	async close(): Promise<void> {
		await closeServer(this.server);
	}
}
