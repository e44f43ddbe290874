import type { Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

describe('waiting for many jobs', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox({ timings: { generationMs: 2_000, exportMs: 200 } })));
	afterAll(async () => await sandbox.close());

	it('starts all 10 jobs before the first completes and waits for them side by side', async () => {
		const items = Array.from({ length: 10 }, (_, index) => ({ json: { topic: `Topic ${index}` } }));
		const began = Date.now();
		const result = await runPresenterVideo(sandbox, {
			items,
			parameters: {
				resource: 'video',
				operation: 'generate',
				inputMethod: 'prompt',
				prompt: '={{ $json.topic }}',
				duration: 30,
				format: 'vertical',
				waitForCompletion: 'poll',
			},
		});
		const elapsed = Date.now() - began;
		expect(result.status).toBe('success');
		expect(result.output.map((item) => item.json.status)).toEqual(Array(10).fill('completed'));
		expect(result.output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));

		const starts = apiRequests(sandbox, '/generation/start', 'POST');
		expect(starts).toHaveLength(10);
		const lastStart = Math.max(...starts.map((request) => request.at));
		const firstStart = Math.min(...starts.map((request) => request.at));
		expect(lastStart).toBeLessThan(firstStart + 2_000);
		// One job after another would take at least 10 x 2 s; side by side, about one schedule step.
		expect(elapsed).toBeLessThan(10_000);
		// The service's schedule: the first status call 5 s after the start, and one is enough here.
		expect(apiRequests(sandbox, '/generation/status')).toHaveLength(10);
	});
});
