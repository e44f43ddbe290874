/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import type { INodeParameters } from 'n8n-workflow';

import { captureLogs, type LogCapture, type NodeRunResult, startWaitingWebhookServer, type WaitingWebhookServer } from '../../../harness';
import type { Sandbox } from '../../../sandbox';
import { apiRequests, FAST_POLLING, PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const WORKFLOW_ID = 'cancel-log-workflow';
const ITEMS = 3;

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

function promptItems(count: number) {
	return Array.from({ length: count }, (_, index) => ({ json: { prompt: `Video ${index}` } }));
}

/** The job IDs the service gave out, answers lost included. */
function acceptedJobIds(sandbox: Sandbox, path: string): string[] {
	return apiRequests(sandbox, path, 'POST').flatMap((request) => (request.jobId ? [request.jobId] : []));
}

describe("a cancelled run's jobs in n8n's log", () => {
	let sandbox: Sandbox;
	let logs: LogCapture;
	beforeAll(async () => (sandbox = await withSandbox({ timings: { generationMs: 300, exportMs: 60_000 } })));
	afterAll(async () => await sandbox.close());
	beforeEach(() => {
		sandbox.clearLog();
		logs = captureLogs();
	});
	afterEach(() => {
		logs.stop();
		sandbox.configure({ faults: [] });
	});

	/** Runs the node, cancels it once `ready` holds, and gives the run. */
	async function cancelledRun(
		parameters: INodeParameters,
		ready: () => boolean,
		extra: Partial<Parameters<typeof runPresenterVideo>[1]> = {},
	): Promise<NodeRunResult> {
		const controller = new AbortController();
		const running = runPresenterVideo(sandbox, {
			workflowId: WORKFLOW_ID,
			items: promptItems(ITEMS),
			parameters: { ...parameters, prompt: '={{ $json.prompt }}' },
			abortSignal: controller.signal,
			...extra,
		});
		await until(ready);
		controller.abort();
		const result = await running;
		expect(result.status).toBe('canceled');
		return result;
	}

	const reports = () =>
		logs.lines.filter((line) => line.message.startsWith('Presenter Video node "Presenter Video"'));

	/** The one warn line of the run: it names the run and every job with its item and kind, and no secret. */
	function report(result: NodeRunResult): string {
		expect(reports()).toHaveLength(1);
		const [line] = reports();
		expect(line.level).toBe('warn');
		expect(line.message).not.toContain('\n');
		expect(line.message).toContain(`(workflow ${WORKFLOW_ID}, execution ${result.executionId})`);
		expect(line.message).toContain('The execution was cancelled while waiting for the service');
		expect(line.message).not.toContain(sandbox.baseUrl);
		for (const key of Object.values(sandbox.keys)) expect(logs.text()).not.toContain(key);
		return line.message;
	}

	it('names every job started and the start that may have been billed, with items and kinds', async () => {
		sandbox.configure({
			faults: [
				{ path: 'generation/start', kind: 'drop-after', delayMs: 500, times: 1 },
				{ path: 'generation/start', kind: 'slow', delayMs: 500 },
			],
		});
		const result = await cancelledRun(PROMPT_GENERATE, () => apiRequests(sandbox, '/generation/start', 'POST').length === ITEMS);
		const message = report(result);

		const starts = apiRequests(sandbox, '/generation/start', 'POST');
		const itemOf = (request: (typeof starts)[number]) => Number(/Video (\d)/.exec(JSON.stringify(request.body))?.[1]);
		const answered = starts.filter((request) => request.fault !== 'drop-after');
		expect(answered).toHaveLength(ITEMS - 1);
		for (const start of answered) expect(message).toContain(`${start.jobId} (generation, item ${itemOf(start)})`);
		const lost = starts.find((request) => request.fault === 'drop-after');
		expect(lost).toBeDefined();
		expect(message).toMatch(new RegExp(`may have been billed.* - item ${itemOf(lost!)} \\(generation\\): `));
	});

	it("names both jobs of each item of Create, stopped while it waits for the export", async () => {
		const create = { ...PROMPT_GENERATE, operation: 'create', downloadThumbnail: false, options: FAST_POLLING };
		const result = await cancelledRun(create, () => apiRequests(sandbox, '/export', 'POST').length === ITEMS);
		const message = report(result);

		const generations = acceptedJobIds(sandbox, '/generation/start');
		const exports = acceptedJobIds(sandbox, '/export');
		expect([generations.length, exports.length]).toEqual([ITEMS, ITEMS]);
		for (const jobId of generations) expect(message).toMatch(new RegExp(`${jobId} \\(generation, item \\d\\)`));
		for (const jobId of exports) expect(message).toMatch(new RegExp(`${jobId} \\(export, item \\d\\)`));
	});

	describe('pause mode', () => {
		let waiting: WaitingWebhookServer;
		beforeAll(async () => (waiting = await startWaitingWebhookServer()));
		afterAll(async () => await waiting.close());

		it('names the jobs started before the execution could pause', async () => {
			sandbox.configure({ faults: [{ path: 'generation/start', kind: 'slow', delayMs: 500, times: ITEMS - 1 }] });
			const callback = { ...PROMPT_GENERATE, waitForCompletion: 'callback' };
			const result = await cancelledRun(
				callback,
				() => apiRequests(sandbox, '/generation/start', 'POST').length === ITEMS,
				{ urls: waiting },
			);
			const message = report(result);
			const jobIds = acceptedJobIds(sandbox, '/generation/start');
			expect(jobIds).toHaveLength(ITEMS);
			for (const jobId of jobIds) expect(message).toMatch(new RegExp(`${jobId} \\(generation, item \\d\\)`));
		});
	});

	it('logs nothing for a cancel that holds no job', async () => {
		sandbox.configure({ faults: [{ path: 'resources/voices', kind: 'slow', delayMs: 500 }] });
		const result = await cancelledRun({ resource: 'voice', operation: 'getMany', returnAll: true }, () =>
			apiRequests(sandbox, '/resources/voices').length > 0,
		);
		expect(result.errorOf('Presenter Video')?.message).toMatch(/cancelled/);
		expect(reports()).toHaveLength(0);
	});

	it('logs nothing when the run fails without a cancel: its error names the jobs already', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'drop-after', delayMs: 300, times: 1 }] });
		const result = await runPresenterVideo(sandbox, { workflowId: WORKFLOW_ID, items: promptItems(2), parameters: PROMPT_GENERATE });
		const started = apiRequests(sandbox, '/generation/start', 'POST').find((request) => request.fault !== 'drop-after');
		expect(result.errorOf('Presenter Video')?.description).toContain(`${started?.jobId} (generation, item `);
		expect(reports()).toHaveLength(0);
	});
});
