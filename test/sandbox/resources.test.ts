import { startSandbox, type Sandbox } from './index';
import { call, download, get } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe('GET /resources/voices', () => {
	it('lists a realistic catalogue with every documented field', async () => {
		const response = await get(sandbox, '/resources/voices');
		expect(response.status).toBe(200);
		expect(Array.isArray(response.body)).toBe(true);
		expect(response.body.length).toBeGreaterThanOrEqual(30);
		for (const voice of response.body) {
			expect(voice).toEqual({
				id: expect.any(String),
				name: expect.any(String),
				language: expect.stringMatching(/^[a-z]{2}$/),
				accent: expect.any(String),
				gender: expect.stringMatching(/^(male|female)$/),
				tags: expect.any(Array),
				preview: expect.stringMatching(
					new RegExp(`^${sandbox.storageUrl}/previews/voices/.+\\.mp3$`),
				),
			});
		}
		const languages = new Set(response.body.map((voice: { language: string }) => voice.language));
		expect(languages.size).toBeGreaterThanOrEqual(10);
	});

	it('filters by language, optionally with an accent', async () => {
		const french = (await get(sandbox, '/resources/voices?language=fr')).body;
		expect(french.length).toBeGreaterThanOrEqual(3);
		expect(french.every((voice: { language: string }) => voice.language === 'fr')).toBe(true);
		const british = (await get(sandbox, '/resources/voices?language=en-GB')).body;
		expect(british.length).toBeGreaterThan(0);
		expect(british.every((voice: { accent: string }) => voice.accent === 'GB')).toBe(true);
	});

	it('filters by gender and by every listed tag', async () => {
		const female = (await get(sandbox, '/resources/voices?gender=female')).body;
		expect(female.length).toBeGreaterThan(0);
		expect(female.every((voice: { gender: string }) => voice.gender === 'female')).toBe(true);

		const narration = ids((await get(sandbox, '/resources/voices?tags=narration')).body);
		const narrationCalm = (await get(sandbox, '/resources/voices?tags=narration,%20calm')).body;
		expect(narrationCalm.length).toBeGreaterThan(0);
		expect(narrationCalm.length).toBeLessThan(narration.length);
		for (const voice of narrationCalm)
			expect(voice.tags).toEqual(expect.arrayContaining(['narration', 'calm']));

		const combined = (
			await get(sandbox, '/resources/voices?language=en&gender=male&tags=professional')
		).body;
		expect(ids(combined)).toEqual(['voice_james_en_us', 'voice_oliver_en_gb']);
	});

	it('returns an empty list when nothing matches', async () => {
		expect((await get(sandbox, '/resources/voices?language=xx')).body).toEqual([]);
	});

	it('rejects an unknown gender in the validation shape', async () => {
		const response = await get(sandbox, '/resources/voices?gender=robot');
		expect(response.status).toBe(400);
		expect(response.body).toEqual({
			error: 'Validation failed',
			details: [{ code: 'INVALID_VALUE', message: expect.any(String), field: 'gender' }],
		});
	});

	it('serves the previews from storage without a key', async () => {
		const [voice] = (await get(sandbox, '/resources/voices?language=de')).body;
		const file = await download(voice.preview);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('audio/mpeg');
		expect(file.bytes.length).toBe(Number(file.headers.get('content-length')));
	});
});

describe('GET /resources/avatars', () => {
	it('lists looks with every documented field and no preview for custom avatars', async () => {
		const response = await get(sandbox, '/resources/avatars');
		expect(response.status).toBe(200);
		expect(response.body.length).toBeGreaterThanOrEqual(25);
		for (const avatar of response.body) {
			expect(avatar).toMatchObject({
				id: expect.any(String),
				name: expect.any(String),
				gender: expect.stringMatching(/^(male|female)$/),
				place: expect.any(String),
				format: expect.any(String),
				tags: expect.any(Array),
				thumbnail: expect.stringContaining(sandbox.storageUrl),
				model_available: expect.any(Array),
			});
			const isCustom = avatar.id.startsWith('av_custom_');
			expect('preview' in avatar).toBe(!isCustom);
			for (const model of avatar.model_available)
				expect(['standard', 'premium', 'ultra', 'veo-3-fast', 'veo-3']).toContain(model);
		}
		const widths = new Set(
			response.body.map((avatar: { model_available: string[] }) => avatar.model_available.length),
		);
		expect([...widths].sort()).toEqual([1, 2, 3, 4, 5]);
		const places = new Set(response.body.map((avatar: { place: string }) => avatar.place));
		expect(places.size).toBeGreaterThanOrEqual(6);
	});

	it('filters by gender and tags', async () => {
		const business = (await get(sandbox, '/resources/avatars?gender=male&tags=business,formal'))
			.body;
		expect(ids(business)).toEqual(['av_liam_office', 'av_victor_office']);
	});

	it('serves thumbnails and previews from storage', async () => {
		const [avatar] = (await get(sandbox, '/resources/avatars?tags=fitness')).body;
		expect((await download(avatar.thumbnail)).headers.get('content-type')).toBe('image/jpeg');
		const preview = await download(avatar.preview);
		expect(preview.headers.get('content-type')).toBe('video/mp4');
		expect(preview.bytes.toString('latin1', 4, 8)).toBe('ftyp');
	});
});

describe('unknown routes', () => {
	it.each([
		['GET', '/api/public/v1/resources/music'],
		['GET', '/api/public/v1/generation/start'],
		['POST', '/api/public/v1/resources/voices'],
		['GET', '/api/public/v2/resources/voices'],
		['GET', '/'],
	])('%s %s gives 404 in the single-error shape', async (method, path) => {
		const response = await fetch(`${sandbox.baseUrl}${path}`, {
			method,
			headers: { Authorization: `Bearer ${sandbox.keys.main}` },
		});
		expect(response.status).toBe(404);
		expect(await response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
	});

	it('tolerates a trailing slash', async () => {
		expect((await call(sandbox, 'GET', '/resources/voices/')).status).toBe(200);
	});
});
