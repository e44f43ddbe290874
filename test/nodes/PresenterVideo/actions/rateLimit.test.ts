import { type CallPriority, RequestBudget } from '../../../../nodes/PresenterVideo/schedule/budget';
import { runServiceTimeFaster } from '../../../harness';
import { peakInAnyWindow, type Sandbox } from '../../../sandbox';
import { CREATE_FROM_TOPIC, topicItems } from '../createBatch';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

// The service's 100 requests per 60 s; its minute passes in 1.2 s.
const WINDOW_MS = 60_000;
const LIMIT = 100;

jest.setTimeout(120_000);

describe('under the service rate limit', () => {
	let sandbox: Sandbox;
	let restoreClock: () => void;
	beforeAll(async () => {
		restoreClock = runServiceTimeFaster(50);
		sandbox = await withSandbox({
			timings: { generationMs: 60_000, exportMs: 30_000 },
			rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
			initialCredits: 100_000,
		});
	});
	afterAll(async () => {
		await sandbox.close();
		restoreClock();
	});
	beforeEach(() => sandbox.clearLog());

	it('two executions of 50 items started together share the budget and both complete', async () => {
		const shared = { credentialId: 'workspace-a', requestsPerMinute: LIMIT };
		const [first, second] = await Promise.all([
			runPresenterVideo(sandbox, { ...shared, items: topicItems(50, 'First'), parameters: CREATE_FROM_TOPIC }),
			runPresenterVideo(sandbox, { ...shared, items: topicItems(50, 'Second'), parameters: CREATE_FROM_TOPIC }),
		]);
		for (const run of [first, second]) {
			expect(run.status).toBe('success');
			expect(run.output).toHaveLength(50);
			expect(run.output.every((item) => item.json.status === 'completed')).toBe(true);
		}
		const calls = sandbox.requests.filter((request) => request.listener === 'api');
		expect(calls.filter((request) => request.status === 429)).toHaveLength(0);
		expect(
			peakInAnyWindow(
				calls.map((request) => request.at),
				WINDOW_MS,
			),
		).toBeLessThanOrEqual(LIMIT);
		// Each generation and each export was started once.
		expect(apiRequests(sandbox, '/generation/start', 'POST')).toHaveLength(100);
		expect(apiRequests(sandbox, '/export/start', 'POST')).toHaveLength(100);
	});

	it("queues a Create item's generation reads ahead of export reads: an export start waits on them", async () => {
		const priorities: CallPriority[] = [];
		const acquire = RequestBudget.prototype.acquire;
		const spy = jest.spyOn(RequestBudget.prototype, 'acquire').mockImplementation(async function (
			this: RequestBudget,
			request,
		) {
			priorities.push(request.priority);
			return await acquire.call(this, request);
		});
		try {
			const run = await runPresenterVideo(sandbox, { items: topicItems(1), parameters: CREATE_FROM_TOPIC });
			expect(run.output[0].json.status).toBe('completed');
		} finally {
			spy.mockRestore();
		}
		const stages = priorities.filter((priority, index) => priority !== priorities[index - 1]);
		// Generation start, its reads, export start, its reads.
		expect(stages).toEqual(['start', 'readBeforeStart', 'start', 'read']);
	});

	it('two credentials of one workspace, each with its own budget, both complete: refusals are waited out', async () => {
		const [first, second] = await Promise.all([
			runPresenterVideo(sandbox, {
				credentialId: 'key-one',
				requestsPerMinute: LIMIT,
				items: topicItems(30, 'One'),
				parameters: CREATE_FROM_TOPIC,
			}),
			runPresenterVideo(sandbox, {
				credentialId: 'key-two',
				apiKey: sandbox.keys.mainSecond,
				requestsPerMinute: LIMIT,
				items: topicItems(30, 'Two'),
				parameters: CREATE_FROM_TOPIC,
			}),
		]);
		for (const run of [first, second]) {
			expect(run.status).toBe('success');
			expect(run.output.every((item) => item.json.status === 'completed')).toBe(true);
		}
		// Refused starts were re-sent, never accepted twice.
		const accepted = apiRequests(sandbox, '/generation/start', 'POST').filter((request) => request.status === 200);
		expect(accepted).toHaveLength(60);
	});
});
