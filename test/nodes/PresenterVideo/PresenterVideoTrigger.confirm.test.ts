import type { IDataObject } from 'n8n-workflow';

import { apiRootFromBaseUrl } from '../../../nodes/PresenterVideo/transport/apiRequest';
import { budgetFor } from '../../../nodes/PresenterVideo/transport/client';
import { captureLogs, type LogCapture } from '../../harness';
import { failMarker, type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	finishedJob,
	jobStatus,
	startExport,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
} from './triggerTestKit';

const NOT_CONFIRMED = { status: 409, body: { error: 'The service does not confirm this event' } };

describe('Presenter Video Trigger: Confirm With API', () => {
	let sandbox: Sandbox;
	let logs: LogCapture;
	let confirming: TriggerUnderTest;
	let completedGeneration: { jobId: string; status: IDataObject };
	let completedExport: { jobId: string; status: IDataObject };

	beforeAll(async () => {
		sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 } });
		logs = captureLogs();
		const generationId = await startGeneration(sandbox);
		completedGeneration = { jobId: generationId, status: await finishedJob(sandbox, 'generation', generationId) };
		const exportId = await startExport(sandbox, (completedGeneration.status.result as IDataObject).video_id as string);
		completedExport = { jobId: exportId, status: await finishedJob(sandbox, 'export', exportId) };
	});

	beforeEach(() => {
		confirming = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { confirmWithApi: true } }), sandbox);
	});

	afterAll(async () => {
		logs.stop();
		await sandbox.close();
	});

	afterEach(() => {
		// Whatever happened, the API key went only to the API host, never back to a caller.
		for (const run of confirming.runs) {
			expect(run.response.text).not.toContain(sandbox.keys.main);
			expect(JSON.stringify(run.workflowData ?? null)).not.toContain(sandbox.keys.main);
		}
		expect(logs.text()).not.toContain(sandbox.keys.main);
	});

	it('starts on a genuine event and says it was confirmed', async () => {
		const run = await confirming.deliver({
			body: {
				job_id: completedGeneration.jobId,
				status: 'completed',
				result: completedGeneration.status.result,
				task: 'video_generate',
			},
		});
		expect(run.started).toBe(true);
		expect(confirming.startedItems[0]).toMatchObject({
			jobId: completedGeneration.jobId,
			event: 'generation.completed',
			confirmed: true,
		});
	});

	it("uses the service's answer, not the delivery's, for the output", async () => {
		const realResult = completedExport.status.result as IDataObject;
		await confirming.deliver({
			body: {
				job_id: completedExport.jobId,
				status: 'completed',
				task: 'video_export',
				result: { video_url: 'https://attacker.example/evil.mp4', cost: 999 },
			},
		});
		expect(confirming.startedItems[0]).toMatchObject({
			videoUrl: realResult.video_url,
			cost: realResult.cost,
			confirmed: true,
		});
		expect(JSON.stringify(confirming.startedItems[0])).not.toContain('attacker.example');
	});

	it('refuses a completion for a job the service does not know', async () => {
		const run = await confirming.deliver({
			body: {
				job_id: 'export_forged000000',
				status: 'completed',
				task: 'video_export',
				result: { video_url: 'https://attacker.example/v.mp4' },
			},
		});
		expect(run.started).toBe(false);
		expect(run.response).toMatchObject(NOT_CONFIRMED);
	});

	it('keeps a forged job id inside the status path', async () => {
		const run = await confirming.deliver({
			body: { job_id: '../../resources/voices', status: 'completed', task: 'video_generate' },
		});
		expect(run.response).toMatchObject(NOT_CONFIRMED);
		const statusCalls = sandbox.requests.filter((request) => request.path.includes('resources'));
		expect(statusCalls.map((request) => request.path)).toEqual([
			'/api/public/v1/generation/status/..%2F..%2Fresources%2Fvoices',
		]);
	});

	it('answers a completion for a job still processing, then starts nothing once the bound has passed', async () => {
		sandbox.configure({ timings: { generationMs: 60_000 } });
		const jobId = await startGeneration(sandbox);
		sandbox.configure({ timings: { generationMs: 200 } });
		expect((await jobStatus(sandbox, 'generation', jobId)).status).not.toBe('completed');

		const run = await confirming.deliver({
			body: { job_id: jobId, status: 'completed', result: { video_id: 'vid_forged' }, task: 'video_generate' },
		});
		expect(run.started).toBe(false);
		// The service's code finishes a job only once its delivery is answered: answered first, confirmed after.
		expect(run.response).toMatchObject({ status: 200, body: { received: true, outcome: 'confirming' } });
		expect((await jobStatus(sandbox, 'generation', jobId)).status).not.toBe('completed');
	});

	it('refuses a completion for a job that failed', async () => {
		const jobId = await startGeneration(sandbox, { prompt: `Numbers ${failMarker('ASSEMBLY_FAILED')}` });
		expect((await finishedJob(sandbox, 'generation', jobId)).status).toBe('failed');

		const run = await confirming.deliver({
			body: { job_id: jobId, status: 'completed', result: { video_id: 'vid_forged' } },
		});
		expect(run.started).toBe(false);
		expect(run.response).toMatchObject(NOT_CONFIRMED);
	});

	it('refuses an event about a job of another space', async () => {
		const jobId = await startGeneration(sandbox, { apiKey: sandbox.keys.other });
		await finishedJob(sandbox, 'generation', jobId, sandbox.keys.other);

		const run = await confirming.deliver({ body: { job_id: jobId, status: 'completed', task: 'video_generate' } });
		expect(run.started).toBe(false);
		expect(run.response).toMatchObject(NOT_CONFIRMED);
	});

	it('confirms a failure that names its kind only by the id prefix', async () => {
		const failedExportGeneration = await startGeneration(sandbox, {
			prompt: 'Numbers [sandbox:export-fail=STORAGE_FAILED]',
		});
		const videoId = ((await finishedJob(sandbox, 'generation', failedExportGeneration)).result as IDataObject)
			.video_id as string;
		const exportId = await startExport(sandbox, videoId);
		await finishedJob(sandbox, 'export', exportId);
		const run = await confirming.deliver({ body: { job_id: exportId, status: 'failed' } });
		expect(run.started).toBe(true);
		expect(confirming.startedItems[0]).toMatchObject({
			event: 'export.failed',
			error: { code: 'STORAGE_FAILED' },
			confirmed: true,
		});
	});

	it('answers 503 and starts nothing when the service cannot be asked', async () => {
		sandbox.configure({ faults: [{ path: 'status', method: 'GET', kind: '500' }] });
		try {
			const run = await confirming.deliver({
				body: { job_id: completedGeneration.jobId, status: 'completed', task: 'video_generate' },
			});
			expect(run.started).toBe(false);
			expect(run.response).toMatchObject({
				status: 503,
				body: { error: 'The event could not be confirmed; try again later' },
			});
		} finally {
			sandbox.configure({ faults: [] });
		}
	});

	it('answers 503 and starts nothing when no credential is selected', async () => {
		const withoutCredential = new TriggerUnderTest(
			triggerNode({ events: ALL_EVENTS, options: { confirmWithApi: true } }, false),
			sandbox,
		);
		const run = await withoutCredential.deliver({
			body: { job_id: completedGeneration.jobId, status: 'completed', task: 'video_generate' },
		});
		expect(run.started).toBe(false);
		expect(run.response.status).toBe(503);
	});

	// Last: it leaves the workspace's window full.
	it("waits for room in the workspace's request budget, the one the action node uses, and asks nothing when none comes in time", async () => {
		const budget = budgetFor(apiRootFromBaseUrl(sandbox.baseUrl), sandbox.keys.main, 100);
		// The service answers a call with no request remaining: the window is full, with other clients' calls too.
		const permit = await budget.acquire({ priority: 'read' });
		permit?.finish({ status: 200, headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0' } });
		expect(budget.nextCallAt(Date.now())).toBeGreaterThan(Date.now());
		const sentBefore = sandbox.requests.length;
		const run = await confirming.deliver({
			body: { job_id: completedGeneration.jobId, status: 'completed', task: 'video_generate' },
		});
		expect(run.started).toBe(false);
		expect(run.response.status).toBe(503);
		expect(sandbox.requests.slice(sentBefore).filter((request) => request.path.includes('/status/'))).toEqual([]);
	});
});
