import { startSandbox, type Sandbox } from './index';
import { call, get, post } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const invalidBody = {
	error: 'Validation failed',
	details: [{ code: 'INVALID_TYPE', message: expect.any(String), field: 'body' }],
};

describe('bad input', () => {
	it.each(['/generation/start', '/export/start', '/script/generate'])(
		'answers malformed JSON on %s with a 400 validation failure',
		async (path) => {
			const response = await call(sandbox, 'POST', path, { rawBody: '{"prompt": "unterminated' });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(invalidBody);
		},
	);

	it.each([['[1,2]'], ['"text"'], ['42'], ['null'], ['true']])(
		'rejects the JSON value %s as a body',
		async (rawBody) => {
			const response = await call(sandbox, 'POST', '/generation/start', { rawBody });
			expect(response.status).toBe(400);
			expect(response.body).toEqual(invalidBody);
		},
	);

	it('treats an empty body as an empty object', async () => {
		const response = await call(sandbox, 'POST', '/generation/start', { rawBody: '' });
		expect(response.status).toBe(400);
		expect(response.body.code).toBe('MISSING_CONTENT');
	});

	it('answers a body over 1 MB with 413 and keeps working', async () => {
		const response = await post(sandbox, '/generation/start', {
			prompt: 'x'.repeat(1024 * 1024),
			duration: 30,
		});
		expect(response.status).toBe(413);
		expect(response.body).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
		expect(sandbox.requests.at(-1)?.body).toMatch(/over the 1 MB limit/);
		expect((await get(sandbox, '/resources/voices')).status).toBe(200);
	});

	it('accepts a body just under 1 MB', async () => {
		const response = await post(sandbox, '/generation/start', {
			prompt: 'é'.repeat(500_000),
			duration: 30,
		});
		expect(response.status).toBe(200);
	});

	it('survives odd values in every field', async () => {
		const weird = [{}, [], null, -1, 1e308, Number.NaN, 'x'.repeat(5000), { $gt: '' }, true];
		for (const value of weird) {
			for (const field of [
				'prompt',
				'script',
				'duration',
				'voice_id',
				'voice_url',
				'avatar_id',
				'format',
				'width',
				'media_urls',
				'web_search',
			]) {
				const response = await post(sandbox, '/generation/start', {
					prompt: 'base',
					duration: 30,
					[field]: value,
				});
				expect(response.status).toBeLessThan(500);
			}
			const exportResponse = await post(sandbox, '/export/start', {
				video_id: value,
				avatar_model: value,
				format: value,
			});
			expect(exportResponse.status).toBeLessThan(500);
		}
	});

	it('handles percent-encoded and odd job ids', async () => {
		expect((await get(sandbox, '/generation/status/%E0%A4%A')).status).toBe(404);
		expect((await get(sandbox, '/generation/status/run_%2F..%2F')).status).toBe(404);
	});
});
