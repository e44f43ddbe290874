/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test and tooling code runs in Node, not inside n8n */
import type { IDataObject } from 'n8n-workflow';

import { type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	deliveriesSettled,
	DeliveryRelay,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
	waitFor,
} from './triggerTestKit';

const SECRET = 'shared-Secret_value-42';

const MALFORMED = { status: 400, body: { error: 'The body must be a JSON object with job_id and status' } };

describe('Presenter Video Trigger: Secret', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ timings: { generationMs: 200 }, webhookRetryDelaysMs: [50, 100, 200] });
	});

	afterAll(async () => {
		await sandbox.close();
	});

	it('starts for a delivery to the URL that carries the secret', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { secret: SECRET } }), sandbox);
		const relay = await DeliveryRelay.start(trigger);
		try {
			const jobId = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl({ secret: SECRET }) });
			await waitFor(() => trigger.startedItems.find((item) => item.jobId === jobId));
			expect(JSON.stringify(trigger.startedItems)).not.toContain(SECRET);
			expect(trigger.runs.map((run) => run.response.text).join('')).not.toContain(SECRET);
		} finally {
			await relay.close();
		}
	});

	it.each([
		['a missing secret', {}],
		['a wrong secret', { secret: 'shared-Secret_value-43' }],
	])(
		'answers 401 to %s, every time the service retries, and starts nothing',
		async (_label, query: Record<string, string>) => {
			const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { secret: SECRET } }), sandbox);
			const relay = await DeliveryRelay.start(trigger);
			try {
				const jobId = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl(query) });
				await deliveriesSettled(sandbox, [jobId], 4);

				const attempts = sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);
				expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401]);
				expect(trigger.runs.map((run) => run.response.body)).toEqual(Array(4).fill({ error: 'Unauthorized' }));
				expect(trigger.started).toHaveLength(0);
			} finally {
				await relay.close();
			}
		},
	);

	it('refuses a repeated secret parameter', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { secret: SECRET } }));
		const run = await trigger.deliver({
			query: { secret: [SECRET, SECRET] },
			body: { job_id: 'run_1', status: 'completed' },
		});
		expect(run.response.status).toBe(401);
		expect(run.started).toBe(false);
	});

	it('checks the secret before reading the body', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { secret: SECRET } }));
		const run = await trigger.deliver({ body: 'not json at all' });
		expect(run.response).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
	});
});

describe('Presenter Video Trigger: bodies it cannot use', () => {
	const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS }));

	it.each([
		['a JSON array', [{ job_id: 'run_1', status: 'completed' }]],
		['a JSON object without job_id', { status: 'completed', result: { video_id: 'vid_<script>' } }],
		['a JSON object without status', { job_id: 'run_<script>' }],
		['text that is not JSON', 'job_id=run_<script>&status=completed'],
		['an empty body', undefined],
	])('answers 400 to %s without echoing it, and starts nothing', async (_label, body) => {
		const run = await trigger.deliver({ body });
		expect(run.response).toMatchObject(MALFORMED);
		expect(run.response.text).not.toContain('script');
		expect(run.started).toBe(false);
	});

	it('answers 400 to a body over 1 MB', async () => {
		const body = {
			job_id: 'run_big',
			status: 'completed',
			result: { video_id: 'vid_1' },
			padding: 'x'.repeat(1024 * 1024),
		};
		const run = await trigger.deliver({ body });
		expect(run.response).toMatchObject({ status: 400, body: { error: 'The body is too large' } });
		expect(run.started).toBe(false);
	});

	it('reads a JSON body sent as text/plain', async () => {
		const run = await trigger.deliver({
			headers: { 'content-type': 'text/plain' },
			body: JSON.stringify({ job_id: 'run_text', status: 'failed' }),
		});
		expect(run.started).toBe(true);
		expect(run.workflowData?.[0]?.[0]?.json).toMatchObject({ event: 'generation.failed', jobId: 'run_text' });
	});

	it.each([
		['an avatar event', { task: 'avatar_create', avatar_id: 'av_1', look_id: 'look_1', status: 'completed' }],
		['a job that is still processing', { job_id: 'run_busy', status: 'processing' }],
	])('acknowledges %s and starts nothing', async (_label, body) => {
		const run = await trigger.deliver({ body });
		expect(run.response).toMatchObject({ status: 200, body: { received: true, outcome: 'not a finished video job' } });
		expect(run.started).toBe(false);
	});

	it('acknowledges an event of unknown kind when it cannot ask the service', async () => {
		const run = await trigger.deliver({ body: { job_id: 'job_without_prefix', status: 'failed' } });
		expect(run.response).toMatchObject({ status: 200, body: { received: true, outcome: 'job kind unknown' } });
		expect(run.started).toBe(false);
	});

	it('starts the workflow for a 20,000-deep body with Include Raw Body, without the nesting', async () => {
		const withRawBody = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { includeRawBody: true } }));
		// Written as text: JSON.stringify itself cannot go that deep.
		const deep = `${'{"nested":'.repeat(20_000)}"bottom"${'}'.repeat(20_000)}`;
		const body = `{"job_id":"export_deep","status":"completed","result":{"video_url":"https://s/v.mp4"},"extra":${deep}}`;

		const run = await withRawBody.deliver({ body, headers: { 'content-type': 'application/json' } });
		expect(run.response.status).toBe(200);
		expect(run.started).toBe(true);
		const execution = await withRawBody.execute(run);
		expect(execution.status).toBe('success');
		const json = execution.outputOf('Presenter Video Trigger')[0].json;
		expect(json.jobId).toBe('export_deep');
		expect(JSON.stringify(json.rawBody).length).toBeLessThan(100_000);
	});

	it('adds the raw body on request, and nothing else of the request', async () => {
		const withRawBody = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { includeRawBody: true } }));
		const body = {
			job_id: 'export_raw',
			status: 'completed',
			result: { video_url: 'https://s/v.mp4', future_field: 1 },
		};
		const run = await withRawBody.deliver({ body, headers: { authorization: 'Bearer should-not-appear' } });
		const json = run.workflowData?.[0]?.[0]?.json as IDataObject;
		expect(json.rawBody).toEqual(body);
		expect(JSON.stringify(json)).not.toContain('should-not-appear');
	});
});
