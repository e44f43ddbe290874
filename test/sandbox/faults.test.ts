/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { startSandbox, type FaultRule, type Sandbox } from './index';
import { download, generateVideo, get, post, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ timings: { generationMs: 50, exportMs: 50 } });
});
afterAll(() => sandbox.close());
afterEach(() => {
	sandbox.configure({ faults: [] });
	sandbox.clearLog();
});

describe('fault injection', () => {
	it('fails the next 2 GETs to /generation/status with 503, then recovers', async () => {
		const start = await post(sandbox, '/generation/start', { prompt: 'Flaky', duration: 30 });
		sandbox.configure({
			faults: [{ path: '/generation/status/', method: 'GET', kind: '503', times: 2 }],
		});
		const statuses = [];
		for (let index = 0; index < 3; index += 1)
			statuses.push((await get(sandbox, `/generation/status/${start.body.job_id}`)).status);
		expect(statuses).toEqual([503, 503, 200]);
		const faulted = sandbox.requests.filter((request) => request.fault !== undefined);
		expect(faulted.map((request) => [request.fault, request.status])).toEqual([
			['503', 503],
			['503', 503],
		]);
	});

	it('answers 500 in the single-error shape without handling the request', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: '500', times: 1 }] });
		const before = sandbox.getCredits(sandbox.keys.main);
		const response = await post(sandbox, '/generation/start', { prompt: 'Boom', duration: 30 });
		expect(response.status).toBe(500);
		expect(response.body).toEqual({ error: expect.any(String), code: 'internal_error' });
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
		const fine = await post(sandbox, '/generation/start', { prompt: 'Fine', duration: 30 });
		expect(fine.status).toBe(200);
		// The log names the job a start created, and none for the refused one.
		expect(sandbox.requests.map((request) => request.jobId)).toEqual([undefined, fine.body.job_id]);
	});

	it('drops the connection once, before handling: nothing is billed', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'drop', times: 1 }] });
		const before = sandbox.getCredits(sandbox.keys.main);
		await expect(
			post(sandbox, '/generation/start', { prompt: 'Dropped', duration: 30 }),
		).rejects.toThrow();
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
		expect(sandbox.requests[0]).toMatchObject({
			path: '/api/public/v1/generation/start',
			fault: 'drop',
			status: 0,
			body: { prompt: 'Dropped', duration: 30 },
		});
		expect((await get(sandbox, '/resources/voices')).status).toBe(200);
	});

	it("'drop-after' handles the request, then drops the connection: the start was billed", async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'drop-after', times: 1 }] });
		const before = sandbox.getCredits(sandbox.keys.main);
		await expect(
			post(sandbox, '/generation/start', { prompt: 'Lost answer', duration: 30 }),
		).rejects.toThrow();
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 5);
		// The log names the job whose answer was lost.
		const [lost] = sandbox.requests;
		expect(lost).toMatchObject({ fault: 'drop-after', status: 0, jobId: expect.any(String) });
		expect((await get(sandbox, `/generation/status/${lost.jobId}`)).status).toBe(200);
	});

	it("'drop-after' with delayMs bills the start when the delay is over, then drops the connection", async () => {
		sandbox.configure({
			faults: [{ path: 'generation/start', kind: 'drop-after', delayMs: 500, times: 1 }],
		});
		const before = sandbox.getCredits(sandbox.keys.main);
		const answer = post(sandbox, '/generation/start', { prompt: 'Late lost answer', duration: 30 });
		while (sandbox.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before);
		await expect(answer).rejects.toThrow();
		expect(sandbox.getCredits(sandbox.keys.main)).toBe(before - 5);
	});

	it('delays a response by delayMs', async () => {
		sandbox.configure({ faults: [{ path: 'resources/avatars', kind: 'slow', delayMs: 300 }] });
		const started = Date.now();
		const response = await get(sandbox, '/resources/avatars');
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(sandbox.requests[0]?.fault).toBe('slow');
	});

	it('sends a truncated JSON body with status 200', async () => {
		sandbox.configure({ faults: [{ method: 'get', kind: 'malformed-json', times: 1 }] });
		const response = await get(sandbox, '/resources/voices');
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toContain('application/json');
		expect(() => JSON.parse(response.text)).toThrow(SyntaxError);
	});

	it('matches paths given as a RegExp and leaves other paths alone', async () => {
		sandbox.configure({ faults: [{ path: /voices$/, kind: '503' }] });
		expect((await get(sandbox, '/resources/voices')).status).toBe(503);
		expect((await get(sandbox, '/resources/voices')).status).toBe(503);
		expect((await get(sandbox, '/resources/avatars')).status).toBe(200);
	});

	it('applies a rate from the seed, so the same seed replays the same faulted requests', async () => {
		const pattern = async (seed: number) => {
			sandbox.configure({ seed, faults: [{ path: 'avatars', kind: '500', rate: 0.5 }] });
			const statuses: number[] = [];
			for (let index = 0; index < 16; index += 1)
				statuses.push((await get(sandbox, '/resources/avatars')).status);
			return statuses;
		};
		const first = await pattern(99);
		expect(await pattern(99)).toEqual(first);
		expect(first).toContain(500);
		expect(first).toContain(200);
		expect(await pattern(100)).not.toEqual(first);
	});

	it('does not change which jobs fail when faults are added', async () => {
		const outcomes = async (faults: FaultRule[]) => {
			sandbox.configure({ seed: 5, failureRate: 0.5, faults });
			const ids = [];
			for (let index = 0; index < 8; index += 1)
				ids.push(
					(await post(sandbox, '/generation/start', { prompt: `Job ${index}`, duration: 10 })).body
						.job_id,
				);
			const finals = await Promise.all(ids.map((id) => waitForJob(sandbox, 'generation', id)));
			return finals.map((final) => final.status);
		};
		try {
			const without = await outcomes([]);
			expect(await outcomes([{ path: 'voices', kind: '500', rate: 0.5 }])).toEqual(without);
		} finally {
			sandbox.configure({ failureRate: 0 });
		}
	});

	describe('on the storage listener', () => {
		let videoUrl: string;
		beforeAll(async () => {
			const videoId = await generateVideo(sandbox, { prompt: 'Download', duration: 30 });
			const start = await post(sandbox, '/export/start', { video_id: videoId });
			videoUrl = (await waitForJob(sandbox, 'export', start.body.job_id)).result.video_url;
		});

		it('fails downloads with 503 when a storage rule says so', async () => {
			sandbox.configure({
				faults: [{ listener: 'storage', path: '^/videos/', kind: '503', times: 1 }],
			});
			expect((await download(videoUrl)).status).toBe(503);
			expect((await download(videoUrl)).status).toBe(200);
		});

		it("cuts a download half-way with 'drop-after'", async () => {
			sandbox.configure({ faults: [{ listener: 'storage', kind: 'drop-after', times: 1 }] });
			await expect(download(videoUrl)).rejects.toThrow();
			expect((await download(videoUrl)).status).toBe(200);
		});

		it('leaves storage alone for rules of the API listener', async () => {
			sandbox.configure({ faults: [{ kind: '500' }] });
			expect((await download(videoUrl)).status).toBe(200);
		});
	});
});
