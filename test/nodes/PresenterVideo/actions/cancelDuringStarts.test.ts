/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import type { Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

/** Six items, a budget of four requests a minute: the last two are still queued when the execution is cancelled. */
const ITEMS = 6;
const STARTS_IN_FLIGHT = 4;

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function jobExists(sandbox: Sandbox, jobId: string): Promise<boolean> {
	const response = await fetch(`${sandbox.apiUrl}/generation/status/${jobId}`, {
		headers: { Authorization: `Bearer ${sandbox.keys.main}` },
	});
	return response.status === 200;
}

const generateEach = {
	resource: 'video',
	operation: 'generate',
	inputMethod: 'prompt',
	prompt: '={{ $json.prompt }}',
	duration: 30,
	format: 'vertical',
	waitForCompletion: 'none',
};

function promptItems(count: number) {
	return Array.from({ length: count }, (_, index) => ({ json: { prompt: `Video ${index}` } }));
}

describe('Starts that may have been billed', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.clearLog());

	it('names every job the service accepted, answers after the cancel included, and the start that got no answer', async () => {
		sandbox.configure({
			faults: [
				// The first start is billed late and its answer is lost; the others answer late.
				{ path: 'generation/start', kind: 'drop-after', delayMs: 1_500, times: 1 },
				{ path: 'generation/start', kind: 'slow', delayMs: 1_500 },
			],
		});
		const creditsBefore = sandbox.getCredits(sandbox.keys.main);
		const controller = new AbortController();
		const running = runPresenterVideo(sandbox, {
			abortSignal: controller.signal,
			requestsPerMinute: STARTS_IN_FLIGHT,
			items: promptItems(ITEMS),
			parameters: generateEach,
		});
		await until(() => apiRequests(sandbox, '/generation/start', 'POST').length === STARTS_IN_FLIGHT);
		controller.abort();
		const result = await running;

		expect(result.status).toBe('canceled');
		// The service bills every start it received, cancel or not; the queued items were never sent.
		await until(() => sandbox.getCredits(sandbox.keys.main) === creditsBefore - 5 * STARTS_IN_FLIGHT);
		const starts = apiRequests(sandbox, '/generation/start', 'POST');
		expect(starts).toHaveLength(STARTS_IN_FLIGHT);

		const error = result.errorOf('Presenter Video');
		expect(error?.message).toMatch(/cancelled/i);
		const report = `${error?.message}\n${error?.description}`;
		const named = [...new Set(report.match(/run_[A-Za-z0-9]+/g) ?? [])];
		expect(named).toHaveLength(STARTS_IN_FLIGHT - 1);
		for (const jobId of named) expect(await jobExists(sandbox, jobId)).toBe(true);

		const lost = starts.find((request) => request.fault === 'drop-after');
		const lostItem = Number(/Video (\d)/.exec(JSON.stringify(lost?.body))?.[1]);
		expect(error?.description).toMatch(new RegExp(`may have been billed[^]*item ${lostItem} \\(generation\\)`, 'i'));
	});

	it('a start still waiting for the rate limit was never sent: not reported as billed, and a run again with its Idempotency Key sends it', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'slow', delayMs: 1_000 }] });
		// Its own key: a budget the other tests' calls have not filled. The run again is not paced.
		const keyed = {
			apiKey: sandbox.keys.other,
			workflowId: 'cancelled-keyed-starts',
			credentialId: 'cancelled-keyed-credential',
			items: promptItems(ITEMS),
			parameters: { ...generateEach, options: { idempotencyKey: '={{ $json.prompt }}' } },
		};
		const controller = new AbortController();
		const running = runPresenterVideo(sandbox, { ...keyed, abortSignal: controller.signal, requestsPerMinute: STARTS_IN_FLIGHT });
		await until(() => apiRequests(sandbox, '/generation/start', 'POST').length === STARTS_IN_FLIGHT);
		controller.abort();
		const cancelled = await running;

		expect(cancelled.status).toBe('canceled');
		const queued = [STARTS_IN_FLIGHT, STARTS_IN_FLIGHT + 1];
		for (const itemIndex of queued)
			expect(cancelled.errorOf('Presenter Video')?.description).not.toMatch(new RegExp(`item ${itemIndex} \\(generation\\)`));

		sandbox.configure({ faults: [] });
		const again = await runPresenterVideo(sandbox, keyed);
		expect(again.errorOf('Presenter Video')).toBeUndefined();
		const outputs = again.outputOf('Presenter Video').map((item) => item.json);
		expect(outputs.map((output) => output.reusedJob ?? 'started')).toEqual([
			...Array(STARTS_IN_FLIGHT).fill('idempotencyKey'),
			...queued.map(() => 'started'),
		]);
		const prompts = apiRequests(sandbox, '/generation/start', 'POST').map((request) => (request.body as { prompt: string }).prompt);
		expect(prompts.sort()).toEqual(promptItems(ITEMS).map((item) => item.json.prompt).sort());
		// n8n's de-duplication store must not remember the never-sent keys as having started a job.
		const [task] = again.run.data.resultData.runData['Presenter Video'] ?? [];
		expect((task?.hints ?? []).map((hint) => hint.message).join('\n')).not.toContain('no longer holds');
	});

	it('without a cancel, the error of one unanswered start also names the other starts left without an answer', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'drop-after', delayMs: 300, times: 2 }] });
		const result = await runPresenterVideo(sandbox, { items: promptItems(2), parameters: generateEach });

		const error = result.errorOf('Presenter Video');
		expect(apiRequests(sandbox, '/generation/start', 'POST').filter((r) => r.fault === 'drop-after')).toHaveLength(2);
		const failedItem = (error as { context?: { itemIndex?: number } } | undefined)?.context?.itemIndex;
		expect([0, 1]).toContain(failedItem);
		expect(error?.description).toMatch(
			new RegExp(`may have been billed[^]*item ${1 - Number(failedItem)} \\(generation\\)`),
		);
	});
});
