import { setServiceTimeScale } from '../../../../nodes/PresenterVideo/transport/serviceTime';
import type { Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

// The service's 100 requests per 60 s, time-scaled: a minute passes in 1.2 s on both sides.
const SCALE = 1 / 50;
const WINDOW_MS = 60_000 * SCALE;
const LIMIT = 100;

jest.setTimeout(120_000);

const createVideo = {
	resource: 'video',
	operation: 'create',
	inputMethod: 'prompt',
	prompt: '={{ $json.topic }}',
	duration: 30,
	format: 'vertical',
	options: {},
};

function items(count: number, label: string) {
	return Array.from({ length: count }, (_, index) => ({ json: { topic: `${label} ${index}` } }));
}

function peakInWindow(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let peak = 0;
	for (let last = 0, first = 0; last < sorted.length; last += 1) {
		while (sorted[last] - sorted[first] >= WINDOW_MS) first += 1;
		peak = Math.max(peak, last - first + 1);
	}
	return peak;
}

describe('under the service rate limit', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		setServiceTimeScale(SCALE);
		sandbox = await withSandbox({
			timings: { generationMs: 60_000 * SCALE, exportMs: 30_000 * SCALE },
			rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
			initialCredits: 100_000,
		});
	});
	afterAll(async () => {
		setServiceTimeScale(1);
		await sandbox.close();
	});
	beforeEach(() => sandbox.clearLog());

	it('two executions of 50 items started together share the budget and both complete', async () => {
		const shared = { credentialId: 'workspace-a', requestsPerMinute: LIMIT };
		const [first, second] = await Promise.all([
			runPresenterVideo(sandbox, { ...shared, items: items(50, 'First'), parameters: createVideo }),
			runPresenterVideo(sandbox, { ...shared, items: items(50, 'Second'), parameters: createVideo }),
		]);
		for (const run of [first, second]) {
			expect(run.status).toBe('success');
			expect(run.output).toHaveLength(50);
			expect(run.output.every((item) => item.json.status === 'completed')).toBe(true);
		}
		const calls = sandbox.requests.filter((request) => request.listener === 'api');
		expect(calls.filter((request) => request.status === 429)).toHaveLength(0);
		expect(peakInWindow(calls.map((request) => request.at))).toBeLessThanOrEqual(LIMIT);
		// Each generation and each export was started once.
		expect(apiRequests(sandbox, '/generation/start', 'POST')).toHaveLength(100);
		expect(apiRequests(sandbox, '/export/start', 'POST')).toHaveLength(100);
	});

	it('two credentials of one workspace, each with its own budget, both complete: refusals are waited out', async () => {
		const [first, second] = await Promise.all([
			runPresenterVideo(sandbox, {
				credentialId: 'key-one',
				requestsPerMinute: LIMIT,
				items: items(30, 'One'),
				parameters: createVideo,
			}),
			runPresenterVideo(sandbox, {
				credentialId: 'key-two',
				apiKey: sandbox.keys.mainSecond,
				requestsPerMinute: LIMIT,
				items: items(30, 'Two'),
				parameters: createVideo,
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
