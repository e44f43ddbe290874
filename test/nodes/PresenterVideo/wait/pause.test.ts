/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test and tooling code runs in Node, not inside n8n */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import { pauseMaxWaitMs } from '../../../../nodes/PresenterVideo/wait/fields';
import { isLocalHost, unreachableResumeHost } from '../../../../nodes/PresenterVideo/wait/pause';
import { rememberedJobs } from '../../../../nodes/PresenterVideo/wait/batchMemory';
import * as time from '../../../../nodes/PresenterVideo/schedule/time';
import { TIMING } from '../../../../nodes/PresenterVideo/timing';
import {
	HARNESS_START_NODE_NAME,
	type NodeRunResult,
	type ResumedRunResult,
	resumeExecution,
	ResumeRefusedError,
	runNode,
	startWaitingWebhookServer,
	type WaitingWebhookServer,
} from '../../../harness';
import { HarnessCredentialsHelper } from '../../../harness/credentials-helper';
import { failMarker, type Sandbox } from '../../../sandbox';
import { apiRequests, exportParameters, PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const DECIDE_WITHIN_MS = TIMING.decideWithinMs;
const CALLBACK_GRACE_MS = TIMING.callbackGraceMs;

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

/** Calls the paused node's own resume address (the execution's resume URL with the node id as path), as the service does. */
async function callBack(paused: NodeRunResult, body: unknown): Promise<ResumedRunResult> {
	return await resumeExecution(paused, body, { suffix: paused.node.id });
}

/** A callback n8n refused or left waiting: the status its caller got. */
async function refusedStatus(call: Promise<unknown>): Promise<number> {
	const outcome = await call.catch((error: unknown) => error);
	if (!(outcome instanceof ResumeRefusedError)) throw new Error('The call resumed the execution');
	return outcome.response.status;
}

/** A completed generation's callback, as the service sends it. */
const completed = (jobId: string) => ({ job_id: jobId, status: 'completed', result: { video_id: `vid_${jobId}`, cost: 5 } });

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

	it('starts the job with this node’s resume address and resumes on its callback, read nothing', async () => {
		sandbox.clearLog();
		const paused = await runPresenterVideo(sandbox, { parameters: generate, urls: waiting });
		expect(paused.status).toBe('waiting');
		const start = apiRequests(sandbox, '/generation/start').at(-1);
		const callbackUrl = new URL((start?.body as { webhook_url: string }).webhook_url);
		const resumeUrl = new URL(paused.resumeUrl);
		// The execution's resume address, its token kept, with the node's id as the path n8n matches.
		expect(callbackUrl.pathname).toBe(`${resumeUrl.pathname}/${paused.node.id}`);
		expect(callbackUrl.searchParams.get('signature')).toBe(resumeUrl.searchParams.get('signature'));

		const resumed = await waiting.nextResume();
		expect(resumed.status).toBe('success');
		const [item] = resumed.outputOf('Presenter Video');
		expect(item.json).toMatchObject({
			kind: 'generation',
			status: 'completed',
			videoId: expect.stringMatching(/^vid_/),
		});
		// n8n checked the execution's token: the completed callback is the result.
		expect(apiRequests(sandbox, '/generation/status/')).toHaveLength(0);
	});

	it('waits, when left to its default, 10 minutes plus 5 times the video’s length', async () => {
		const before = Date.now();
		const paused = await runPresenterVideo(sandbox, {
			parameters: generate,
			urls: { instanceBaseUrl: 'http://127.0.0.1:9/', webhookWaitingBaseUrl: 'http://127.0.0.1:9/webhook-waiting' },
		});
		const waitMs = (paused.waitTill?.getTime() ?? 0) - before;
		expect(pauseMaxWaitMs(30)).toBe(12.5 * 60_000);
		expect(waitMs).toBeGreaterThanOrEqual(pauseMaxWaitMs(30));
		expect(waitMs).toBeLessThanOrEqual(pauseMaxWaitMs(30) + 5_000);
	});

	it('is not reached through the execution’s bare resume address', async () => {
		sandbox.configure({ timings: { generationMs: 60_000, exportMs: 300 } });
		try {
			const paused = await runPresenterVideo(sandbox, {
				parameters: generate,
				urls: { instanceBaseUrl: 'http://127.0.0.1:9/', webhookWaitingBaseUrl: 'http://127.0.0.1:9/webhook-waiting' },
			});
			const jobId = paused.output[0].json.jobId as string;
			expect(await refusedStatus(resumeExecution(paused, completed(jobId)))).toBe(404);
			// Its own address resumes it.
			expect((await callBack(paused, completed(jobId))).status).toBe('success');
		} finally {
			sandbox.configure({ timings: { generationMs: 500, exportMs: 300 } });
		}
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

	it('delivers its callback again when it decides past its bound, so the batch goes on within seconds', async () => {
		// The read after the moment of grace, slower than what the bound leaves.
		sandbox.configure({
			faults: [{ path: 'generation/status', kind: 'slow', delayMs: DECIDE_WITHIN_MS - CALLBACK_GRACE_MS + 500 }],
		});
		try {
			const callsBefore = waiting.calls.length;
			const paused = await runPresenterVideo(sandbox, {
				parameters: { ...generate, prompt: `Coffee ${failMarker('MEDIA_PROCESSING_FAILED')}` },
				urls: waiting,
			});
			const jobId = String(paused.output[0].json.jobId);
			const resumed = await waiting.nextResume();
			expect(resumed.outputOf('Presenter Video')[0].json).toMatchObject({ status: 'failed' });
			// The service's callback, decided too late, then the node's own delivery of it, which resumed.
			expect(waiting.calls.slice(callsBefore).map((call) => call.status)).toEqual([200, 200]);
			// Read once, by the call that decided too late; the new call knew the job's end.
			expect(apiRequests(sandbox, `/generation/status/${jobId}`)).toHaveLength(1);
		} finally {
			sandbox.configure({ faults: [] });
		}
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
			// Longer than a callback's moment of grace: a job read after an early callback still runs.
			sandbox = await withSandbox({ timings: { generationMs: 4_000, exportMs: 300 }, webhookRetryDelaysMs: [] });
		});
		afterAll(async () => await sandbox.close());

		it('resumes once every job has ended, reading only the jobs no callback accounted for', async () => {
			sandbox.clearLog();
			const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(3), urls: nowhere });
			expect(paused.status).toBe('waiting');
			const jobIds = waitingJobIds(paused);
			expect(new Set(jobIds).size).toBe(3);
			const starts = apiRequests(sandbox, '/generation/start');
			const addresses = new Set(starts.map((start) => (start.body as { webhook_url: string }).webhook_url));
			expect(addresses.size).toBe(1);
			expect(paused.output.map((item) => item.json.waitingForCallback)).toEqual([true, true, true]);

			// A forged call about a job of no one here: answered, ignored, no API call.
			expect(await refusedStatus(callBack(paused, completed('run_forged')))).toBe(404);
			expect(statusReads(sandbox)).toHaveLength(0);

			// An early callback: after a moment without another, the job expected to end last is read, still running.
			const early = Date.now();
			expect(await refusedStatus(callBack(paused, completed(jobIds[0])))).toBe(200);
			expect(Date.now() - early).toBeGreaterThanOrEqual(CALLBACK_GRACE_MS - 50);
			expect(statusReads(sandbox).map((read) => read.path)).toEqual([expect.stringContaining(jobIds[2])]);

			await allJobsEnded(sandbox, jobIds);
			const resumed = await callBack(paused, completed(jobIds[1]));
			expect(resumed.status).toBe('success');
			const output = resumed.outputOf('Presenter Video');
			expect(output.map((item) => item.json.jobId)).toEqual(jobIds);
			expect(output.map((item) => item.json.status)).toEqual(['completed', 'completed', 'completed']);
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			// The two called back are their callbacks' word; the third was read.
			expect(output.map((item) => item.json.videoId)).toEqual([
				`vid_${jobIds[0]}`,
				`vid_${jobIds[1]}`,
				expect.stringMatching(/^vid_/),
			]);
			expect(output[0].json).not.toHaveProperty('timedOut');
			expect(statusReads(sandbox).map((read) => read.path)).toEqual([
				expect.stringContaining(jobIds[2]),
				expect.stringContaining(jobIds[2]),
			]);

			// A copy of the callback after the resume reaches a running or finished execution.
			expect(await refusedStatus(callBack(paused, completed(jobIds[1])))).toBe(409);
			expect(statusReads(sandbox)).toHaveLength(2);
		});

		describe('where n8n checks no token (n8n 1.x), which lets a second resume through', () => {
			const pauseWithoutToken = async () =>
				await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(2), urls: nowhere, withoutResumeToken: true });
			const completedAt = (jobId: string, createdAt: string) => {
				const body = completed(jobId);
				return { ...body, result: { ...body.result, created_at: createdAt } };
			};

			it('leaves the batch to the callback of a job that completed later, which resumes it', async () => {
				const paused = await pauseWithoutToken();
				const jobIds = waitingJobIds(paused);
				await allJobsEnded(sandbox, jobIds);
				sandbox.clearLog();
				// After its moment of grace, the other job is read: completed since, so its own callback
				// resumes the batch. Two webhook processes of n8n 1.x would otherwise both resume it.
				expect(await refusedStatus(callBack(paused, completedAt(jobIds[0], '2020-01-01T00:00:00Z')))).toBe(200);
				expect(statusReads(sandbox)).toHaveLength(1);
				const resumed = await callBack(paused, completed(jobIds[1]));
				expect(resumed.outputOf('Presenter Video').map((item) => item.json.status)).toEqual(['completed', 'completed']);
				expect(statusReads(sandbox)).toHaveLength(1);
			});

			it('resumes on the last callback to come here, whatever order the jobs completed in', async () => {
				const paused = await pauseWithoutToken();
				const jobIds = waitingJobIds(paused);
				const later = callBack(paused, completedAt(jobIds[1], '2020-01-01T00:00:09Z')).catch((error: unknown) => error);
				const earlier = callBack(paused, completedAt(jobIds[0], '2020-01-01T00:00:01Z')).catch((error: unknown) => error);
				const outcomes = await Promise.all([later, earlier]);
				expect(outcomes.map((outcome) => outcome instanceof ResumeRefusedError)).toEqual([true, false]);
			});
		});

		it('resumes nothing when its callback cannot decide in time, and the next callback resumes from what it read', async () => {
			const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(2), urls: nowhere });
			const jobIds = waitingJobIds(paused);
			await allJobsEnded(sandbox, jobIds);
			sandbox.clearLog();
			// The other job's read ends after the call's bound: the execution may wait elsewhere by then.
			sandbox.configure({ faults: [{ path: 'generation/status', kind: 'slow', delayMs: DECIDE_WITHIN_MS, times: 1 }] });
			try {
				expect(await refusedStatus(callBack(paused, completed(jobIds[0])))).toBe(200);
			} finally {
				sandbox.configure({ faults: [] });
			}
			expect(statusReads(sandbox)).toHaveLength(1);
			// A copy of the callback finds both jobs ended and resumes at once, reading nothing more.
			const resumed = await callBack(paused, completed(jobIds[0]));
			expect(resumed.outputOf('Presenter Video').map((item) => item.json.status)).toEqual(['completed', 'completed']);
			expect(statusReads(sandbox)).toHaveLength(1);
		});

		it('reads the credential during its moment of grace, so a slow one leaves the decision in time', async () => {
			const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(2), urls: nowhere });
			const jobIds = waitingJobIds(paused);
			await allJobsEnded(sandbox, jobIds);
			sandbox.clearLog();
			// The client's credential read, slower than what the bound leaves after the moment of grace.
			const credentialMs = DECIDE_WITHIN_MS - CALLBACK_GRACE_MS + 200;
			const decrypt = HarnessCredentialsHelper.prototype.getDecrypted;
			const slowCredential = jest
				.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted')
				.mockImplementationOnce(async function (this: HarnessCredentialsHelper, ...args) {
					await new Promise((resolve) => setTimeout(resolve, credentialMs));
					return await decrypt.apply(this, args);
				});
			try {
				const resumed = await callBack(paused, completed(jobIds[0]));
				expect(resumed.outputOf('Presenter Video').map((item) => item.json.status)).toEqual(['completed', 'completed']);
			} finally {
				slowCredential.mockRestore();
			}
			expect(statusReads(sandbox)).toHaveLength(1);
		});

		it('resumes once when two final callbacks arrive together, reading nothing', async () => {
			const paused = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(2), urls: nowhere });
			const jobIds = waitingJobIds(paused);
			sandbox.clearLog();
			const outcomes = await Promise.all(
				jobIds.map(async (jobId) => await callBack(paused, completed(jobId)).catch((error: unknown) => error)),
			);
			const resumed = outcomes.filter((outcome) => !(outcome instanceof ResumeRefusedError));
			expect(resumed).toHaveLength(1);
			expect(statusReads(sandbox)).toHaveLength(0);
		});

		it('treats a pause of the node again in the same execution (a loop) as a batch of its own', async () => {
			const rememberedBefore = rememberedJobs();
			const first = await runPresenterVideo(sandbox, { parameters: batchGenerate, items: prompts(1), urls: nowhere });
			const [firstJob] = waitingJobIds(first);
			await allJobsEnded(sandbox, [firstJob]);
			expect((await callBack(first, completed(firstJob))).status).toBe('success');

			// The loop's next turn: the same node, in the same execution, at the same address.
			const second = await runPresenterVideo(sandbox, {
				parameters: batchGenerate,
				items: prompts(2),
				urls: nowhere,
				executionId: first.executionId,
			});
			expect(second.status).toBe('waiting');
			const secondJobs = waitingJobIds(second);
			await allJobsEnded(sandbox, secondJobs);
			sandbox.clearLog();
			// A late copy of the first turn's callback neither resumes nor reads.
			expect(await refusedStatus(callBack(second, completed(firstJob)))).toBe(404);
			expect(statusReads(sandbox)).toHaveLength(0);
			// Its own callbacks resume it at once, each the result of its job.
			const outcomes = await Promise.all(
				secondJobs.map(async (jobId) => await callBack(second, completed(jobId)).catch((error: unknown) => error)),
			);
			const resumed = outcomes.filter((outcome) => !(outcome instanceof ResumeRefusedError)) as ResumedRunResult[];
			expect(resumed).toHaveLength(1);
			expect(resumed[0].status).toBe('success');
			const output = resumed[0].outputOf('Presenter Video');
			expect(output.map((item) => item.json.videoId)).toEqual(secondJobs.map((jobId) => `vid_${jobId}`));
			expect(statusReads(sandbox)).toHaveLength(0);
			// What the finished pauses knew of their jobs is let go.
			expect(rememberedJobs()).toBe(rememberedBefore);
		});

		it('decides where n8n checks no token (n8n 1.x) as where it does: each completed callback its result, the last at once', async () => {
			const paused = await runPresenterVideo(sandbox, {
				parameters: batchGenerate,
				items: prompts(2),
				urls: nowhere,
				withoutResumeToken: true,
			});
			expect(new URL(paused.resumeUrl).searchParams.has('signature')).toBe(false);
			const jobIds = waitingJobIds(paused);
			sandbox.clearLog();
			// An early callback: after a moment without another, the other job is read, still running.
			expect(await refusedStatus(callBack(paused, completed(jobIds[0])))).toBe(200);
			expect(statusReads(sandbox).map((read) => read.path)).toEqual([expect.stringContaining(jobIds[1])]);

			// n8n 1.x lets a copy of the last callback through on another webhook process until this one
			// has resumed the execution: neither a moment of grace nor a read comes in between.
			const waits = jest.spyOn(time, 'restFor');
			try {
				const resumed = await callBack(paused, completed(jobIds[1]));
				const output = resumed.outputOf('Presenter Video');
				expect(output.map((item) => item.json.videoId)).toEqual(jobIds.map((jobId) => `vid_${jobId}`));
				expect(waits.mock.calls.filter(([ms]) => ms === CALLBACK_GRACE_MS)).toEqual([]);
				expect(statusReads(sandbox)).toHaveLength(1);
			} finally {
				waits.mockRestore();
			}
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

		it('gives a failed job among them as an item with its error, and reads only that one', async () => {
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
				expect(new Set(statusReads(sandbox).map((read) => read.path))).toEqual(
					new Set([expect.stringContaining(waitingJobIds(paused)[1])]),
				);
			} finally {
				sandbox.configure({ duplicateDeliveries: 0 });
			}
		});

		it('delivers all 100 results of 100 items at about one API call per item', async () => {
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
			const calls = apiRequests(sandbox, '/generation/').length;
			expect(calls).toBeLessThanOrEqual(1.1 * count);
			console.info(`100 items paused for callbacks: ${calls} API calls, ${calls / count} per item`);
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
		await allJobsEnded(sandbox, waitingJobIds(paused));
		const videoIds = new Map(
			sandbox.webhookDeliveries.map((delivery) => [
				delivery.jobId,
				(delivery.body as { result: { video_id: string } }).result.video_id,
			]),
		);
		expect(output.map((item) => item.json.videoId)).toEqual(waitingJobIds(paused).map((jobId) => videoIds.get(jobId)));
		// Every delivery was answered at the first attempt: none timed out or was refused.
		expect(waiting.calls.every((call) => call.status === 200)).toBe(true);
		expect(statusReads(sandbox)).toHaveLength(0);
	});

	it('resumes on the callbacks alone where n8n checks no token (n8n 1.x), although their status still lags', async () => {
		sandbox.clearLog();
		const paused = await runPresenterVideo(sandbox, {
			parameters: batchGenerate,
			items: prompts(2),
			urls: waiting,
			withoutResumeToken: true,
		});
		const resumed = await waiting.nextResume();
		expect(resumed.outputOf('Presenter Video').map((item) => item.json.status)).toEqual(['completed', 'completed']);
		expect(statusReads(sandbox)).toHaveLength(0);
		expect(paused.status).toBe('waiting');
	});

	it.each([
		['n8n 2.x', false],
		['n8n 1.x, no token', true],
	])(
		'reads a failed generation, which the service does not call back for, once the others have (%s)',
		async (_, withoutResumeToken) => {
			sandbox.clearLog();
			const paused = await runPresenterVideo(sandbox, {
				parameters: { ...batchGenerate, options: { maxWaitMinutes: 10 } },
				items: prompts(2, [1]),
				urls: waiting,
				withoutResumeToken,
			});
			expect(paused.status).toBe('waiting');
			const resumed = await waiting.nextResume();
			const output = resumed.outputOf('Presenter Video');
			expect(output.map((item) => item.json.status)).toEqual(['completed', 'failed']);
			expect(output[1].json).toMatchObject({ error: { code: 'GENERATION_FAILED' } });
			// The completed one is its callback's word; only the failed one is read.
			const failedJob = waitingJobIds(paused)[1];
			expect(new Set(statusReads(sandbox).map((read) => read.path))).toEqual(
				new Set([expect.stringContaining(failedJob)]),
			);
		},
	);

	it('passes a batch whose only job fails, with no callback at all, on at Max Wait with its job id', async () => {
		sandbox.clearLog();
		const paused = await runPresenterVideo(sandbox, {
			parameters: { ...batchGenerate, options: { maxWaitMinutes: 0.01 } },
			items: prompts(1, [0]),
			urls: waiting,
		});
		const [jobId] = waitingJobIds(paused);
		const timedOut = await resumeExecution(paused);
		expect(timedOut.outputOf('Presenter Video')[0].json).toMatchObject({ jobId, timedOut: true });
		// Nothing ran while the execution waited.
		expect(statusReads(sandbox)).toHaveLength(0);
	});

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

describe('Pause Until the Service Calls Back, run as an agent’s tool', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox({ timings: { generationMs: 300, exportMs: 200 } })));
	afterAll(async () => await sandbox.close());

	it('polls instead of pausing, and says so', async () => {
		const result = await runNode({
			nodeType: new PresenterVideo(),
			type: 'n8n-nodes-presenter-video.presenterVideoTool',
			parameters: { ...generate, options: { pollingIntervalSeconds: 1 } },
			credentials: [{ type: 'presenterVideoApi', id: 'cred-tool', data: { apiKey: sandbox.keys.main, baseUrl: sandbox.baseUrl } }],
		});
		expect(result.status).toBe('success');
		expect(result.output[0].json).toMatchObject({ status: 'completed', videoId: expect.stringMatching(/^vid_/) });
		expect(apiRequests(sandbox, '/generation/start').map((start) => (start.body as IDataObject).webhook_url)).toEqual([
			undefined,
		]);
	});
});

describe('Pause Until the Service Calls Back, run in a sub-workflow', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox({ timings: { generationMs: 300, exportMs: 200 } })));
	afterAll(async () => await sandbox.close());

	it('polls instead of pausing, one result per item, and says why', async () => {
		sandbox.clearLog();
		const result = await runNode({
			nodeType: new PresenterVideo(),
			// n8n runs every sub-workflow in mode `integrated`.
			mode: 'integrated',
			parameters: { ...generate, options: { pollingIntervalSeconds: 1 } },
			inputItems: [{ json: {} }, { json: {} }],
			credentials: [{ type: 'presenterVideoApi', id: 'cred-sub', data: { apiKey: sandbox.keys.main, baseUrl: sandbox.baseUrl } }],
		});
		expect(result.status).toBe('success');
		expect(result.output.map((item) => item.json.status)).toEqual(['completed', 'completed']);
		expect(apiRequests(sandbox, '/generation/start').map((start) => (start.body as IDataObject).webhook_url)).toEqual([
			undefined,
			undefined,
		]);
		const [task] = result.run.data.resultData.runData[result.node.name];
		expect((task.hints ?? []).map((hint) => hint.message)).toContainEqual(
			expect.stringContaining('Run in a sub-workflow, the node polls instead of pausing'),
		);
	});
});
