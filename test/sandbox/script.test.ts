import { countWords } from './durations';
import { failMarker, startSandbox, type Sandbox } from './index';
import { call, download, post } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const validation = (code: string, field: string) => ({
	error: 'Validation failed',
	details: [{ code, message: expect.any(String), field }],
});

describe('POST /script/generate', () => {
	it('returns a script of about the target length, its cost and extracted images, and bills it', async () => {
		const before = sandbox.getCredits(sandbox.keys.main);
		const response = await post(sandbox, '/script/generate', {
			prompt: 'Three tips for better sleep',
			duration: 120,
			urls: ['https://example.com/article'],
			webSearch: true,
		});
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			script: expect.any(String),
			cost: 0.4,
			extractedImages: expect.any(Array),
		});
		expect(response.body.script).toContain('Three tips for better sleep');
		expect(countWords(response.body.script)).toBeGreaterThanOrEqual(300);
		expect(response.body.extractedImages).toHaveLength(3);
		expect((await download(response.body.extractedImages[0])).headers.get('content-type')).toBe(
			'image/jpeg',
		);
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 0.4);
	});

	it('defaults to 60 seconds: 0.1 credits, no images', async () => {
		const response = await post(sandbox, '/script/generate', { prompt: 'Coffee' });
		expect(response.body.cost).toBe(0.1);
		expect(response.body.extractedImages).toEqual([]);
		expect(countWords(response.body.script)).toBeGreaterThanOrEqual(150);
	});

	it('accepts a prompt of exactly 10,000 characters and 10 URLs', async () => {
		const urls = Array.from({ length: 10 }, (_, index) => `https://example.com/${index}`);
		const response = await post(sandbox, '/script/generate', {
			prompt: 'p'.repeat(10_000),
			duration: 10,
			urls,
		});
		expect(response.status).toBe(200);
		expect(response.body.cost).toBe(1.1);
	});

	it.each([
		['no prompt', {}, validation('MISSING_FIELD', 'prompt')],
		['an empty prompt', { prompt: '' }, validation('MISSING_FIELD', 'prompt')],
		['a numeric prompt', { prompt: 42 }, validation('INVALID_TYPE', 'prompt')],
		[
			'a prompt over 10,000 characters',
			{ prompt: 'p'.repeat(10_001) },
			validation('INVALID_VALUE', 'prompt'),
		],
		['a duration as text', { prompt: 'x', duration: '60' }, validation('INVALID_TYPE', 'duration')],
		['a duration under 10', { prompt: 'x', duration: 9 }, validation('INVALID_VALUE', 'duration')],
		[
			'a duration over 600',
			{ prompt: 'x', duration: 601 },
			validation('INVALID_VALUE', 'duration'),
		],
		[
			'urls as a string',
			{ prompt: 'x', urls: 'https://example.com' },
			validation('INVALID_TYPE', 'urls'),
		],
		[
			'11 urls',
			{ prompt: 'x', urls: Array.from({ length: 11 }, (_, i) => `https://e.com/${i}`) },
			validation('INVALID_VALUE', 'urls'),
		],
		[
			'a url that is not a URL',
			{ prompt: 'x', urls: ['not a url'] },
			validation('INVALID_VALUE', 'urls[0]'),
		],
		[
			'webSearch as text',
			{ prompt: 'x', webSearch: 'yes' },
			validation('INVALID_TYPE', 'webSearch'),
		],
	])('rejects %s with 400', async (_label, body, expected) => {
		const before = sandbox.getCredits(sandbox.keys.main);
		const response = await post(sandbox, '/script/generate', body);
		expect(response.status).toBe(400);
		expect(response.body).toEqual(expected);
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
	});

	it('reports every invalid field at once', async () => {
		const response = await post(sandbox, '/script/generate', { duration: 5, webSearch: 1 });
		expect(response.status).toBe(400);
		expect(response.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
			'duration',
			'prompt',
			'webSearch',
		]);
	});

	it('gives 402 INSUFFICIENT_CREDITS stating required and available credits, and spends nothing', async () => {
		const response = await post(
			sandbox,
			'/script/generate',
			{ prompt: 'Long one', duration: 600, webSearch: true },
			{ key: sandbox.keys.poor },
		);
		expect(response.status).toBe(402);
		expect(response.body).toEqual({ error: expect.any(String), code: 'INSUFFICIENT_CREDITS' });
		expect(response.body.error).toContain('1.1 required');
		expect(response.body.error).toContain('1 available');
		expect(sandbox.getCredits(sandbox.keys.poor)).toBe(1);
	});

	it('lets the low-balance space buy a script it can afford', async () => {
		sandbox.setCredits(sandbox.keys.poor, 1);
		const response = await post(
			sandbox,
			'/script/generate',
			{ prompt: 'Short' },
			{ key: sandbox.keys.poor },
		);
		expect(response.status).toBe(200);
		expect(sandbox.getCredits(sandbox.keys.poor)).toBe(0.9);
		sandbox.setCredits(sandbox.keys.poor, 1);
	});

	it('fails with 500 SCRIPT_GENERATION_FAILED on its marker, without billing', async () => {
		const before = sandbox.getCredits(sandbox.keys.main);
		const response = await post(sandbox, '/script/generate', {
			prompt: `Topic ${failMarker('SCRIPT_GENERATION_FAILED')}`,
		});
		expect(response.status).toBe(500);
		expect(response.body).toEqual({ error: expect.any(String), code: 'SCRIPT_GENERATION_FAILED' });
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
	});

	it('carries other markers into the script so the video generated from it fails', async () => {
		const response = await post(sandbox, '/script/generate', {
			prompt: `Topic ${failMarker('VOICE_GENERATION_FAILED')}`,
		});
		expect(response.status).toBe(200);
		expect(response.body.script).toContain('[sandbox:fail=VOICE_GENERATION_FAILED]');
	});

	it('rejects a body that is not a JSON object', async () => {
		const response = await call(sandbox, 'POST', '/script/generate', { rawBody: '["prompt"]' });
		expect(response.status).toBe(400);
		expect(response.body).toEqual(validation('INVALID_TYPE', 'body'));
	});
});
