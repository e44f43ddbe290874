/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { join } from 'path';

import { runServiceTimeFaster } from '../../../harness';
import { ChildProcessLink } from '../../../harness/child-process';
import { peakInAnyWindow, type Sandbox } from '../../../sandbox';
import { apiRequests, withSandbox } from '../presenterVideoKit';
import type { FromWorkspaceProcess, WorkspaceRun } from './workspaceProcess';

// The service's 100 requests per 60 s and its job times; its minute passes in 1.2 s in every process.
const SERVICE_TIME = { factor: 50, origin: Date.now() };
const WINDOW_MS = 60_000;
const LIMIT = 100;
const ITEMS_PER_PROCESS = 50;

jest.setTimeout(180_000);

type Done = Extract<FromWorkspaceProcess, { type: 'done' }>;
const isReady = (message: FromWorkspaceProcess): message is { type: 'ready' } => message.type === 'ready';
const isDone = (message: FromWorkspaceProcess): message is Done => message.type === 'done';

describe('two n8n processes sharing one workspace', () => {
	let sandbox: Sandbox;
	let processes: Array<ChildProcessLink<WorkspaceRun, FromWorkspaceProcess>> = [];
	let restoreClock: () => void;

	beforeAll(async () => {
		restoreClock = runServiceTimeFaster(SERVICE_TIME.factor, SERVICE_TIME.origin);
		sandbox = await withSandbox({
			timings: { generationMs: 180_000, exportMs: 60_000, referenceSeconds: 30 },
			rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
			initialCredits: 100_000,
		});
		processes = ['First', 'Second'].map(
			(label) =>
				new ChildProcessLink<WorkspaceRun, FromWorkspaceProcess>(join(__dirname, 'workspaceProcess.ts'), label),
		);
		await Promise.all(processes.map(async (child) => await child.next(isReady)));
	});

	afterAll(async () => {
		await Promise.all(processes.map(async (child) => await child.stop()));
		await sandbox.close();
		restoreClock();
	});

	it("never have more calls in the workspace's window than its limit, each with its own request budget, and start every job once", async () => {
		const runs = await Promise.all(
			processes.map(async (child, index) => {
				const done = child.next(isDone);
				child.send({
					type: 'run',
					service: { baseUrl: sandbox.baseUrl, keys: sandbox.keys },
					serviceTime: SERVICE_TIME,
					requestsPerMinute: LIMIT,
					itemCount: ITEMS_PER_PROCESS,
					label: index === 0 ? 'First' : 'Second',
				});
				return await done;
			}),
		);
		for (const run of runs) {
			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');
			expect(run.outputs).toHaveLength(ITEMS_PER_PROCESS);
			expect(run.outputs.every((json) => json.status === 'completed')).toBe(true);
		}

		const calls = sandbox.requests.filter((request) => request.listener === 'api');
		// Far more calls than one window holds: the two budgets had to share it.
		expect(calls.length).toBeGreaterThan(3 * LIMIT);
		expect(calls.filter((request) => request.status === 429)).toEqual([]);
		expect(
			peakInAnyWindow(
				calls.map((request) => request.at),
				WINDOW_MS,
			),
		).toBeLessThanOrEqual(LIMIT);

		// Every generation and export was started once.
		const prompts = apiRequests(sandbox, '/generation/start', 'POST').map((request) => JSON.stringify(request.body));
		expect(new Set(prompts).size).toBe(2 * ITEMS_PER_PROCESS);
		expect(prompts).toHaveLength(2 * ITEMS_PER_PROCESS);
		expect(apiRequests(sandbox, '/export/start', 'POST')).toHaveLength(2 * ITEMS_PER_PROCESS);
	});
});
