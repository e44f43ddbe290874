/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
import type { INodeExecutionData } from 'n8n-workflow';

import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import { setServiceTimeScale } from '../../../../nodes/PresenterVideo/transport/time';
import { isLocalHost, unreachableResumeHost } from '../../../../nodes/PresenterVideo/wait/pause';
import {
	HARNESS_START_NODE_NAME,
	type NodeRunResult,
	resumeExecution,
	ResumeRefusedError,
	runNode,
	startWaitingWebhookServer,
	type WaitingWebhookServer,
} from '../../../harness';
import { failMarker, type Sandbox } from '../../../sandbox';
import { apiRequests, exportParameters, PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

describe('isLocalHost', () => {
	it.each([
		'localhost',
		'127.0.0.1',
		'10.1.2.3',
		'172.20.0.5',
		'192.168.1.10',
		'169.254.1.1',
		'[::1]',
		'fd00::1',
		'n8n',
		'box.local',
	])('%s is local', (host) => expect(isLocalHost(host)).toBe(true));

	it.each(['n8n.example.com', '8.8.8.8', '172.32.0.1', '2001:db8::1'])('%s is public', (host) =>
		expect(isLocalHost(host)).toBe(false),
	);
});

describe('unreachableResumeHost', () => {
	it('names a local resume host when the service is public', () => {
		expect(
			unreachableResumeHost('http://localhost:5678/webhook-waiting/1', 'https://api.example.com/api/public/v1'),
		).toBe('localhost');
	});

	it('accepts local to local and public to public', () => {
		expect(
			unreachableResumeHost('http://127.0.0.1:5678/webhook-waiting/1', 'http://127.0.0.1:4010/api/public/v1'),
		).toBeUndefined();
		expect(
			unreachableResumeHost('https://n8n.example.com/webhook-waiting/1', 'https://api.example.com/api/public/v1'),
		).toBeUndefined();
	});
});

const generate = { ...PROMPT_GENERATE, waitForCompletion: 'callback' };

describe('Wait for Completion: Pause Until the Service Calls Back', () => {
	let sandbox: Sandbox;
	let waiting: WaitingWebhookServer;
	beforeAll(async () => {
		sandbox = await withSandbox({
			timings: { generationMs: 500, exportMs: 300 },
			webhookRetryDelaysMs: [100, 200, 400],
		});
		waiting = await startWaitingWebhookServer();
	});
	afterAll(async () => {
		await sandbox.close();
		await waiting.close();
	});

	it('starts the job with the resume URL, pauses, and resumes with the confirmed final state', async () => {
		const paused = await runPresenterVideo(sandbox, { parameters: generate, urls: waiting });
		expect(paused.status).toBe('waiting');
		expect(paused.waitTill?.getTime()).toBeGreaterThan(Date.now());
		const start = apiRequests(sandbox, '/generation/start').at(-1);
		expect((start?.body as { webhook_url: string }).webhook_url).toBe(paused.resumeUrl);
		expect(paused.resumeUrl).toContain('signature=');

		const resumed = await waiting.nextResume();
		expect(resumed.status).toBe('success');
		const [item] = resumed.outputOf('Presenter Video');
		expect(item.json).toMatchObject({
			kind: 'generation',
			status: 'completed',
			videoId: expect.stringMatching(/^vid_/),
		});
		// The final state was read back from the status endpoint, not taken from the callback.
		const jobId = item.json.jobId as string;
		expect(apiRequests(sandbox, `/generation/status/${jobId}`)).toHaveLength(1);
	});

	it('reports a failed job as an item with its error', async () => {
		await runPresenterVideo(sandbox, {
			parameters: { ...generate, prompt: `Coffee ${failMarker('MEDIA_PROCESSING_FAILED')}` },
			urls: waiting,
		});
		const resumed = await waiting.nextResume();
		expect(resumed.outputOf('Presenter Video')[0].json).toMatchObject({
			status: 'failed',
			error: { code: 'MEDIA_PROCESSING_FAILED' },
		});
	});

	it('passes the job id on when Max Wait passes without a callback', async () => {
		sandbox.configure({ timings: { generationMs: 60_000, exportMs: 300 } });
		try {
			const paused = await runPresenterVideo(sandbox, {
				parameters: { ...generate, options: { maxWaitMinutes: 0.01 } },
				urls: waiting,
			});
			expect(paused.status).toBe('waiting');
			// The previous node's own output is left as it was.
			expect(paused.outputOf(HARNESS_START_NODE_NAME)[0].json).toEqual({});
			const timedOut = await resumeExecution(paused);
			expect(timedOut.outputOf('Presenter Video')[0].json).toMatchObject({
				jobId: expect.stringMatching(/^run_/),
				timedOut: true,
				hint: expect.stringContaining('Get Generation Status'),
			});
		} finally {
			sandbox.configure({ timings: { generationMs: 500, exportMs: 300 } });
		}
	});

	it('refuses a local resume address when the service is remote, before sending anything', async () => {
		sandbox.clearLog();
		const result = await runNode({
			nodeType: new PresenterVideo(),
			parameters: generate,
			credentials: [
				{
					type: 'presenterVideoApi',
					id: 'cred-1',
					data: { apiKey: sandbox.keys.main, baseUrl: 'https://api.example.com' },
				},
			],
			instanceBaseUrl: 'http://localhost:5678/',
		});
		expect(result.status).toBe('error');
		const error = result.errorOf('Presenter Video');
		expect(error?.message).toMatch(/cannot call this n8n back.*localhost/);
		expect(error?.description).toMatch(/Poll Until Done/);
		expect(sandbox.requests).toHaveLength(0);
	});
});

const batchGenerate = { ...generate, prompt: '={{ $json.prompt }}' };

function prompts(count: number, failing: number[] = []): INodeExecutionData[] {
	return Array.from({ length: count }, (_, index) => ({
		json: { prompt: `Topic ${index}${failing.includes(index) ? ` ${failMarker('MEDIA_PROCESSING_FAILED')}` : ''}` },
	}));
}

/** Resolves once the sandbox has sent the end-of-job event of every job (without asking its API). */
async function allJobsEnded(sandbox: Sandbox, jobIds: string[]): Promise<void> {
	while (!jobIds.every((jobId) => sandbox.webhookDeliveries.some((delivery) => delivery.jobId === jobId))) {
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

function waitingJobIds(paused: NodeRunResult): string[] {
	return paused.output.map((item) => item.json.jobId as string);
}

const statusReads = (sandbox: Sandbox) => apiRequests(sandbox, '/generation/status/');

describe('Pause Until the Service Calls Back, several items', () => {
	describe('with callbacks sent by hand', () => {
		let sandbox: Sandbox;
		// Nothing listens here: the sandbox's own deliveries fail, the test sends the callbacks.
		const nowhere = {
			instanceBaseUrl: 'http://127.0.0.1:9/',
			webhookWaitingBaseUrl: 'http://127.0.0.1:9/webhook-waiting',
		};
		beforeAll(async () => {
			sandbox = await withSandbox({ timings: { generationMs: 1_500, exportMs: 300 }, webhookRetryDelaysMs: [] });
		});
		afterAll(async () => await sandbox.close());

		it('resumes only once every job has ended, with every item confirmed by the service', async () => {
			sandbox.clearLog();
			const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(3), urls: nowhere });
			expect(paused.status).toBe('waiting');
			const jobIds = waitingJobIds(paused);
			expect(new Set(jobIds).size).toBe(3);
			const starts = apiRequests(sandbox, '/generation/start');
			expect(starts.map((start) => (start.body as { webhook_url: string }).webhook_url)).toEqual(
				Array(3).fill(paused.resumeUrl),
			);
			expect(paused.output.map((item) => item.json.waitingForCallback)).toEqual([true, true, true]);

			// A forged call about a job of no one here: answered, ignored, no API call.
			const forged = await resumeExecution(paused, { job_id: 'run_forged', status: 'completed' }).catch(
				(error: unknown) => error,
			);
			expect((forged as ResumeRefusedError).response.status).toBe(404);
			expect(statusReads(sandbox)).toHaveLength(0);

			// An early callback: the job expected to end last is still running, so it keeps waiting.
			const early = await resumeExecution(paused, { job_id: jobIds[0], status: 'completed' }).catch(
				(error: unknown) => error,
			);
			expect(early).toBeInstanceOf(ResumeRefusedError);
			expect((early as ResumeRefusedError).response.status).toBe(200);
			expect(statusReads(sandbox).map((read) => read.path)).toEqual([expect.stringContaining(jobIds[2])]);

			await allJobsEnded(sandbox, jobIds);
			const resumed = await resumeExecution(paused, { job_id: jobIds[1], status: 'completed' });
			expect(resumed.status).toBe('success');
			const output = resumed.outputOf('Presenter Video');
			expect(output.map((item) => item.json.jobId)).toEqual(jobIds);
			expect(output.map((item) => item.json.status)).toEqual(['completed', 'completed', 'completed']);
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(output[0].json).toMatchObject({ kind: 'generation', videoId: expect.stringMatching(/^vid_/) });
			expect(output[0].json).not.toHaveProperty('timedOut');
			// 1 read for the early call, then each job once.
			expect(statusReads(sandbox)).toHaveLength(4);

			// A copy of the callback after the resume reaches a running or finished execution.
			const copy = await resumeExecution(paused, { job_id: jobIds[1], status: 'completed' }).catch(
				(error: unknown) => error,
			);
			expect((copy as ResumeRefusedError).response.status).toBe(409);
			expect(statusReads(sandbox)).toHaveLength(4);
		});

		it('resumes once when two final callbacks arrive together', async () => {
			const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(2), urls: nowhere });
			const jobIds = waitingJobIds(paused);
			await allJobsEnded(sandbox, jobIds);
			sandbox.clearLog();
			const outcomes = await Promise.all(
				jobIds.map(
					async (jobId) =>
						await resumeExecution(paused, { job_id: jobId, status: 'completed' }).catch((error: unknown) => error),
				),
			);
			const resumed = outcomes.filter((outcome) => !(outcome instanceof ResumeRefusedError));
			expect(resumed).toHaveLength(1);
			// The later call, handled after the resume, read nothing.
			expect(statusReads(sandbox)).toHaveLength(2);
		});

		it('passes every job id on, marked as timed out, when Max Wait passes', async () => {
			const paused = await runPresenterVideo(sandbox, {
				parameters: { ...batchGenerate, options: { maxWaitMinutes: 0.01 } },
				items: prompts(3),
				urls: nowhere,
			});
			const timedOut = await resumeExecution(paused);
			const output = timedOut.outputOf('Presenter Video');
			expect(output.map((item) => item.json.jobId)).toEqual(waitingJobIds(paused));
			for (const item of output) {
				expect(item.json).toMatchObject({ timedOut: true, hint: expect.stringContaining('Get Generation Status') });
			}
		});

		it('starts nothing when an item sets its own Webhook URL', async () => {
			sandbox.clearLog();
			const result = await runPresenterVideo(sandbox, {
				parameters: {
					...batchGenerate,
					options: { webhookUrl: '={{ $json.prompt === "Topic 1" ? "https://x.example" : "" }}' },
				},
				items: prompts(2),
				urls: nowhere,
			});
			expect(result.status).toBe('error');
			expect(result.errorOf('Presenter Video')?.message).toMatch(/Webhook URL cannot be set/);
			expect(sandbox.requests).toHaveLength(0);
		});
	});

	describe('with the service calling back', () => {
		let sandbox: Sandbox;
		let waiting: WaitingWebhookServer;
		beforeAll(async () => {
			sandbox = await withSandbox({
				timings: { generationMs: 1_000, exportMs: 300 },
				webhookRetryDelaysMs: [100, 200],
			});
			waiting = await startWaitingWebhookServer();
		});
		afterAll(async () => {
			await sandbox.close();
			await waiting.close();
		});

		it('gives a failed job among them as an item with its error, and polls nothing while waiting', async () => {
			sandbox.configure({ duplicateDeliveries: 1 });
			sandbox.clearLog();
			try {
				const paused = await runPresenterVideo(sandbox, {
					parameters: batchGenerate,
					items: prompts(4, [1]),
					urls: waiting,
				});
				expect(paused.status).toBe('waiting');
				const resumed = await waiting.nextResume();
				const output = resumed.outputOf('Presenter Video');
				expect(output.map((item) => item.json.status)).toEqual(['completed', 'failed', 'completed', 'completed']);
				expect(output[1].json).toMatchObject({
					error: { code: 'MEDIA_PROCESSING_FAILED' },
					jobId: waitingJobIds(paused)[1],
				});
				expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));

				const firstCallback = Math.min(...sandbox.webhookDeliveries.map((delivery) => delivery.at));
				expect(statusReads(sandbox).every((read) => read.at >= firstCallback)).toBe(true);
			} finally {
				sandbox.configure({ duplicateDeliveries: 0 });
			}
		});

		it('delivers all 100 results of 100 items, reading statuses only after callbacks', async () => {
			sandbox.clearLog();
			const count = 100;
			const paused = await runPresenterVideo(sandbox, {
				parameters: batchGenerate,
				items: prompts(count),
				urls: waiting,
			});
			expect(paused.status).toBe('waiting');
			const resumed = await waiting.nextResume();
			const output = resumed.outputOf('Presenter Video');
			expect(output).toHaveLength(count);
			expect(output.filter((item) => item.json.status === 'completed')).toHaveLength(count);
			expect(new Set(output.map((item) => item.json.jobId)).size).toBe(count);

			const reads = statusReads(sandbox);
			const firstCallback = Math.min(...sandbox.webhookDeliveries.map((delivery) => delivery.at));
			expect(reads.every((read) => read.at >= firstCallback)).toBe(true);
			// Each job read once when the batch has ended, plus at most one read per callback before.
			expect(reads.length).toBeGreaterThanOrEqual(count);
			expect(reads.length).toBeLessThanOrEqual(2 * count);
			const calls = apiRequests(sandbox, '/generation/').length;
			console.info(
				`100 items paused for callbacks: ${calls} API calls, ${calls / count} per item (${reads.length} status reads)`,
			);
		});
	});
});

describe('Pause Until the Service Calls Back, on the service as its code behaves', () => {
	let sandbox: Sandbox;
	let waiting: WaitingWebhookServer;
	beforeAll(async () => {
		sandbox = await withSandbox({ profile: 'code', timings: { generationMs: 1_000, exportMs: 300 } });
		waiting = await startWaitingWebhookServer();
	});
	afterAll(async () => {
		await sandbox.close();
		await waiting.close();
	});

	it('resumes on the callbacks although each is sent before its status says completed', async () => {
		sandbox.clearLog();
		const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(5), urls: waiting });
		expect(paused.status).toBe('waiting');
		const resumed = await waiting.nextResume();
		const output = resumed.outputOf('Presenter Video');
		expect(output.map((item) => item.json.jobId)).toEqual(waitingJobIds(paused));
		expect(output.map((item) => item.json.status)).toEqual(Array(5).fill('completed'));
		const videoIds = new Map(
			sandbox.webhookDeliveries.map((delivery) => [
				delivery.jobId,
				(delivery.body as { result: { video_id: string } }).result.video_id,
			]),
		);
		expect(output.map((item) => item.json.videoId)).toEqual(waitingJobIds(paused).map((jobId) => videoIds.get(jobId)));
		// Every delivery was answered at the first attempt: none timed out or was refused.
		expect(waiting.calls.every((call) => call.status === 200)).toBe(true);
	});

	it('notices a failed generation, which the service does not call back for, before Max Wait', async () => {
		const paused = await runPresenterVideo(sandbox, {
			parameters: { ...batchGenerate, options: { maxWaitMinutes: 10 } },
			items: prompts(2, [1]),
			urls: waiting,
		});
		expect(paused.status).toBe('waiting');
		const resumed = await waiting.nextResume();
		const output = resumed.outputOf('Presenter Video');
		expect(output.map((item) => item.json.status)).toEqual(['completed', 'failed']);
		expect(output[1].json).toMatchObject({ error: { code: 'GENERATION_FAILED' } });
	});

	/**
	 * Pauses on one job whose generation fails (no callback) and waits for the resume. The watch reads
	 * nothing before the video's length has passed: the shortest video keeps this quick.
	 */
	async function pauseOnFailingJob() {
		const paused = await runPresenterVideo(sandbox, {
			parameters: { ...batchGenerate, duration: 10, options: { maxWaitMinutes: 10 } },
			items: prompts(1, [0]),
			urls: waiting,
		});
		const resumed = await waiting.nextResume();
		return { jobId: waitingJobIds(paused)[0], json: resumed.outputOf('Presenter Video')[0].json };
	}

	it('notices a batch whose only job fails, with no callback at all', async () => {
		const { jobId, json } = await pauseOnFailingJob();
		expect(json).toMatchObject({ jobId, status: 'failed' });
	}, 60_000);

	it('resumes from its watch when the last job’s callback was looked into before another job failed', async () => {
		// Item 0's video is twice as long: its generation fails (no callback) after item 1 has called back.
		sandbox.configure({ timings: { generationMs: 1_000, exportMs: 300, referenceSeconds: 10 } });
		try {
			const paused = await runPresenterVideo(sandbox, {
				parameters: { ...batchGenerate, duration: '={{ $json.duration }}', options: { maxWaitMinutes: 10 } },
				items: prompts(2, [0]).map((item, index) => ({ json: { ...item.json, duration: index === 0 ? 20 : 10 } })),
				urls: waiting,
			});
			const resumed = await waiting.nextResume();
			expect(resumed.outputOf('Presenter Video').map((item) => item.json.jobId)).toEqual(waitingJobIds(paused));
			expect(resumed.outputOf('Presenter Video').map((item) => item.json.status)).toEqual(['failed', 'completed']);
		} finally {
			sandbox.configure({ timings: { generationMs: 1_000, exportMs: 300, referenceSeconds: 0 } });
		}
	}, 60_000);

	it('reads again at the next polling interval when the watch’s read fails', async () => {
		// 5 answers of 503: the first read and its 4 retries.
		sandbox.configure({ faults: [{ path: 'generation/status', kind: '503', times: 5 }] });
		sandbox.clearLog();
		try {
			const { jobId, json } = await pauseOnFailingJob();
			expect(json).toMatchObject({ jobId, status: 'failed' });
			expect(statusReads(sandbox).filter((read) => read.fault === '503')).toHaveLength(5);
		} finally {
			sandbox.configure({ faults: [] });
		}
	}, 60_000);

	it('reads nothing before the length of the batch’s longest video has passed', async () => {
		const since = Date.now();
		const { jobId, json } = await pauseOnFailingJob();
		expect(json).toMatchObject({ jobId, status: 'failed' });
		const reads = apiRequests(sandbox, `/status/${jobId}`);
		const [start] = apiRequests(sandbox, '/generation/start', 'POST').filter((request) => request.at >= since);
		expect(reads.length).toBeGreaterThan(0);
		for (const read of reads) expect(read.at - start.at).toBeGreaterThanOrEqual(10_000);
	}, 60_000);

	it('polls an export instead of pausing: the service never calls back for exports', async () => {
		const generated = await runPresenterVideo(sandbox, {
			parameters: { ...generate, waitForCompletion: 'poll', options: { pollingIntervalSeconds: 1 } },
		});
		const videoId = generated.output[0].json.videoId as string;
		const exported = await runPresenterVideo(sandbox, {
			parameters: exportParameters(videoId, 'callback'),
			urls: waiting,
		});
		expect(exported.status).toBe('success');
		expect(exported.output[0].json).toMatchObject({
			kind: 'export',
			status: 'completed',
			videoUrl: expect.any(String),
		});
	});
});

describe('Pause Until the Service Calls Back, with the request budget full', () => {
	// The service's 60-second window, time-scaled: a minute passes in 1.2 s on both sides.
	const SCALE = 1 / 50;
	let sandbox: Sandbox;
	let waiting: WaitingWebhookServer;
	beforeAll(async () => {
		setServiceTimeScale(SCALE);
		sandbox = await withSandbox({
			profile: 'code',
			timings: { generationMs: 1_000, exportMs: 300 },
			rateLimit: { limit: 100, windowMs: 60_000 * SCALE },
		});
		waiting = await startWaitingWebhookServer();
	});
	afterAll(async () => {
		setServiceTimeScale(1);
		await sandbox.close();
		await waiting.close();
	});

	it('resumes when callbacks find no room to read: the watch reads, then resumes without reading again', async () => {
		const paused = await runPresenterVideo(sandbox, {
			parameters: batchGenerate,
			items: prompts(4, [3]),
			urls: waiting,
			requestsPerMinute: 4,
		});
		expect(paused.status).toBe('waiting');
		const resumed = await waiting.nextResume();
		expect(resumed.outputOf('Presenter Video').map((item) => item.json.status)).toEqual([
			'completed',
			'completed',
			'completed',
			'failed',
		]);
	});
});
