import { topLevelBoxes } from './mp4';
import { startSandbox, type Sandbox } from './index';
import { download, generateVideo, post, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
let exportResult: { video_url: string; thumbnail_url: string };
let generationThumbnail: string;

beforeAll(async () => {
	sandbox = await startSandbox({ timings: { generationMs: 50, exportMs: 50 } });
	const start = await post(sandbox, '/generation/start', { prompt: 'Storage', duration: 30 });
	const generation = await waitForJob(sandbox, 'generation', start.body.job_id);
	generationThumbnail = generation.result.thumbnail_url;
	const exportStart = await post(sandbox, '/export/start', {
		video_id: generation.result.video_id,
	});
	exportResult = (await waitForJob(sandbox, 'export', exportStart.body.job_id)).result;
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.clearLog());

describe('storage listener', () => {
	it('is a different origin from the API', () => {
		expect(new URL(sandbox.storageUrl).origin).not.toBe(new URL(sandbox.baseUrl).origin);
		expect(exportResult.video_url.startsWith(`${sandbox.storageUrl}/videos/`)).toBe(true);
	});

	it('serves the exported MP4 with type and length, no key needed', async () => {
		const file = await download(exportResult.video_url);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('video/mp4');
		expect(Number(file.headers.get('content-length'))).toBe(file.bytes.length);
		expect(file.bytes.length).toBeGreaterThan(10_000);
		expect(file.bytes.length).toBeLessThan(100 * 1024);
		expect(file.bytes.toString('latin1', 4, 8)).toBe('ftyp');
		expect(sandbox.requests).toEqual([
			expect.objectContaining({ listener: 'storage', method: 'GET', status: 200 }),
		]);
		expect(sandbox.requests[0]).not.toHaveProperty('authorization');
	});

	it('records an Authorization header that reached storage', async () => {
		await download(exportResult.video_url, { Authorization: `Bearer ${sandbox.keys.main}` });
		expect(sandbox.requests[0]).toMatchObject({
			listener: 'storage',
			authorization: `Bearer ${sandbox.keys.main}`,
			apiKey: sandbox.keys.main,
		});
	});

	it('serves JPEG thumbnails for generations and exports', async () => {
		for (const url of [exportResult.thumbnail_url, generationThumbnail]) {
			const file = await download(url);
			expect(file.status).toBe(200);
			expect(file.headers.get('content-type')).toBe('image/jpeg');
			expect(file.bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
		}
	});

	it('answers HEAD with the headers only', async () => {
		const response = await fetch(exportResult.video_url, { method: 'HEAD' });
		expect(response.status).toBe(200);
		expect(Number(response.headers.get('content-length'))).toBeGreaterThan(10_000);
	});

	it('gives 404 for unknown files and for exports not completed', async () => {
		expect((await download(`${sandbox.storageUrl}/videos/export_nope.mp4`)).status).toBe(404);
		expect((await download(`${sandbox.storageUrl}/thumbnails/vid_nope.jpg`)).status).toBe(404);
		sandbox.configure({ timings: { exportMs: 5000 } });
		const videoId = await generateVideo(sandbox, { prompt: 'Pending export', duration: 30 });
		const start = await post(sandbox, '/export/start', { video_id: videoId });
		expect((await download(`${sandbox.storageUrl}/videos/${start.body.job_id}.mp4`)).status).toBe(
			404,
		);
		sandbox.configure({ timings: { exportMs: 50 } });
	});

	it('is read-only', async () => {
		expect((await fetch(exportResult.video_url, { method: 'DELETE' })).status).toBe(405);
	});

	describe('GET /large.mp4?bytes=N', () => {
		it('streams a valid MP4 of exactly the requested size', async () => {
			const bytes = 3 * 1024 * 1024 + 7;
			const file = await download(`${sandbox.storageUrl}/large.mp4?bytes=${bytes}`);
			expect(file.status).toBe(200);
			expect(file.headers.get('content-type')).toBe('video/mp4');
			expect(Number(file.headers.get('content-length'))).toBe(bytes);
			expect(file.bytes.length).toBe(bytes);
			expect(file.bytes.toString('latin1', 4, 8)).toBe('ftyp');
			const boxes = topLevelBoxes(file.bytes);
			expect(boxes[boxes.length - 1]).toMatchObject({
				type: 'mdat',
				size: bytes - (boxes[boxes.length - 1]?.offset ?? 0),
			});
		});

		it('logs the body bytes it handed to the connection', async () => {
			const bytes = 1024 * 1024 + 3;
			await download(`${sandbox.storageUrl}/large.mp4?bytes=${bytes}`);
			expect(sandbox.requests).toEqual([expect.objectContaining({ path: '/large.mp4', status: 200, bodyBytesSent: bytes })]);
		});

		it('announces the whole size but cuts the connection after cutAfter bytes', async () => {
			const announced = 2 ** 31;
			const cutAfter = 200_000;
			const response = await fetch(`${sandbox.storageUrl}/large.mp4?bytes=${announced}&cutAfter=${cutAfter}`);
			expect(Number(response.headers.get('content-length'))).toBe(announced);
			await expect(response.arrayBuffer()).rejects.toThrow();
			expect(sandbox.requests).toEqual([expect.objectContaining({ path: '/large.mp4', bodyBytesSent: cutAfter })]);
		});

		it('sends a body that reads in full when cutAfter is its size or more', async () => {
			const bytes = 300_000;
			const file = await download(`${sandbox.storageUrl}/large.mp4?bytes=${bytes}&cutAfter=${bytes}`);
			expect(file.bytes.length).toBe(bytes);
		});

		it('rejects cutAfter that is not a whole number with 400', async () => {
			const file = await download(`${sandbox.storageUrl}/large.mp4?bytes=300000&cutAfter=abc`);
			expect(file.status).toBe(400);
			expect(JSON.parse(file.bytes.toString('utf8'))).toEqual({ error: expect.stringContaining('cutAfter'), code: 'INVALID_VALUE' });
		});

		it.each(['', 'abc', '100', '1.5e6', '100000.5', '-5', String(2 ** 40)])(
			'rejects bytes=%s with 400',
			async (value) => {
				const file = await download(`${sandbox.storageUrl}/large.mp4?bytes=${value}`);
				expect(file.status).toBe(400);
				expect(JSON.parse(file.bytes.toString('utf8'))).toEqual({
					error: expect.stringContaining('bytes'),
					code: 'INVALID_VALUE',
				});
			},
		);
	});
});
