import type { Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

describe('Script > Generate, in a workflow', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it('sends a prompt of 5,001 emoji: 5,001 characters, within the 10,000 allowed', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { resource: 'script', operation: 'generate', prompt: '😀'.repeat(5001), duration: 60 },
		});
		expect(result.status).toBe('success');
		expect(apiRequests(sandbox, '/script/generate', 'POST')).toHaveLength(1);
	});

	it('returns the script, its cost and the extracted images', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'script',
				operation: 'generate',
				prompt: 'Solar panels explained',
				duration: 120,
				options: { webSearch: true, urls: 'https://example.com/solar' },
			},
		});
		expect(result.status).toBe('success');
		const json = result.output[0].json;
		expect(typeof json.script).toBe('string');
		expect((json.script as string).length).toBeGreaterThan(20);
		// 0.1 per 60 s x 2 + 0.1 web search + 0.1 for one URL.
		expect(json.cost).toBeCloseTo(0.4, 6);
		expect(Array.isArray(json.extractedImages)).toBe(true);
		expect(apiRequests(sandbox, '/script/generate', 'POST').at(-1)?.body).toEqual({
			prompt: 'Solar panels explained',
			duration: 120,
			urls: ['https://example.com/solar'],
			webSearch: true,
		});
	});
});
