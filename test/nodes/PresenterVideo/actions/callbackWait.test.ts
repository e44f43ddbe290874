import {
	HARNESS_START_NODE_NAME,
	resumeExecution,
	startWaitingWebhookServer,
	type WaitingWebhookServer,
} from '../../../harness';
import { failMarker, type Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const generate = {
	resource: 'video',
	operation: 'generate',
	inputMethod: 'prompt',
	prompt: 'Coffee',
	duration: 30,
	format: 'vertical',
	waitForCompletion: 'callback',
};

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

	it('refuses several items, before sending anything', async () => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, {
			parameters: generate,
			items: [{ json: {} }, { json: {} }],
			urls: waiting,
		});
		expect(result.status).toBe('error');
		expect(result.errorOf('Presenter Video')?.message).toMatch(/one item per execution/);
		expect(sandbox.requests).toHaveLength(0);
	});
});
