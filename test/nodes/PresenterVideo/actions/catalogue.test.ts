import type { Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

describe('Voice and Avatar > Get Many, in a workflow', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it('lists voices with the filters sent to the service and the limit applied', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'voice',
				operation: 'getMany',
				returnAll: false,
				limit: 2,
				filters: { language: 'en', gender: 'female' },
			},
		});
		expect(result.status).toBe('success');
		expect(result.output).toHaveLength(2);
		for (const item of result.output) {
			expect(item.json).toMatchObject({ language: 'en', gender: 'female' });
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(apiRequests(sandbox, '/resources/voices').at(-1)?.query).toMatchObject({ language: 'en', gender: 'female' });
	});

	it('lists every avatar with its compatible models when Return All is on', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { resource: 'avatar', operation: 'getMany', returnAll: true },
		});
		expect(result.output.length).toBeGreaterThan(20);
		expect(result.output.every((item) => Array.isArray(item.json.model_available))).toBe(true);
		expect(result.output.some((item) => item.json.place && item.json.format)).toBe(true);
	});

	it('reads lists wrapped in an object as well as bare arrays', async () => {
		sandbox.configure({ responseStyle: 'wrapped' });
		try {
			const result = await runPresenterVideo(sandbox, {
				parameters: { resource: 'voice', operation: 'getMany', returnAll: true },
			});
			expect(result.output.length).toBeGreaterThan(20);
			expect(typeof result.output[0].json.id).toBe('string');
		} finally {
			sandbox.configure({ responseStyle: 'bare' });
		}
	});
});
