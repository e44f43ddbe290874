import type { IContextObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import * as time from '../../../../nodes/PresenterVideo/schedule/time';
import { TIMING } from '../../../../nodes/PresenterVideo/timing';
import { decisionBoundMs, holdRepeatedPause, PAUSE_HOLD_MS } from '../../../../nodes/PresenterVideo/wait/pauseHold';

const DECIDE_WITHIN_MS = TIMING.decideWithinMs;
const CALLBACK_GRACE_MS = TIMING.callbackGraceMs;
import { resumeExecution, runWorkflow, type WorkflowRunResult } from '../../../harness';
import type { Sandbox } from '../../../sandbox';
import { withSandbox } from '../presenterVideoKit';

describe('the bounds', () => {
	it('give a callback its moment of grace and a read, and a held pause room for n8n’s own update', () => {
		expect(DECIDE_WITHIN_MS).toBeGreaterThan(CALLBACK_GRACE_MS);
		expect(PAUSE_HOLD_MS).toBeGreaterThan(DECIDE_WITHIN_MS);
	});

	it('give a batch of a few jobs the short bound, and a large one a read per job at the service’s pace', () => {
		expect(decisionBoundMs(1)).toBe(DECIDE_WITHIN_MS);
		expect(decisionBoundMs(15)).toBe(DECIDE_WITHIN_MS);
		expect(decisionBoundMs(115)).toBe(DECIDE_WITHIN_MS + 60_000);
	});
});

/** What holdRepeatedPause reads of an execution: its flow context, and its resume address. */
function executionContext(flow: IContextObject, resumeUrl: string): IExecuteFunctions {
	return {
		getContext: () => flow,
		evaluateExpression: () => resumeUrl,
		getExecutionCancelSignal: () => undefined,
	} as unknown as IExecuteFunctions;
}

const signed = 'http://n8n.test/webhook-waiting/7?signature=token';
const unsigned = 'http://n8n.test/webhook-waiting/7';

describe('holdRepeatedPause', () => {
	let waits: jest.SpyInstance;
	beforeEach(() => {
		waits = jest.spyOn(time, 'restFor').mockResolvedValue();
	});
	afterEach(() => waits.mockRestore());

	it('lets an execution’s first pause go at once', async () => {
		await holdRepeatedPause(executionContext({}, signed), Date.now(), 1);
		expect(waits).not.toHaveBeenCalled();
	});

	it('holds a later pause until PAUSE_HOLD_MS after its execute() began', async () => {
		const flow = {};
		await holdRepeatedPause(executionContext(flow, signed), Date.now(), 1);
		const began = Date.now() - 1_000;
		await holdRepeatedPause(executionContext(flow, signed), began, 1);
		expect(waits).toHaveBeenCalledTimes(1);
		const [held] = waits.mock.calls[0] as [number];
		expect(held).toBeGreaterThan(PAUSE_HOLD_MS - 1_000 - 500);
		expect(held).toBeLessThanOrEqual(PAUSE_HOLD_MS - 1_000);
	});

	it('holds a pause after a large batch for as long as that batch’s callbacks may take to decide', async () => {
		const flow = {};
		await holdRepeatedPause(executionContext(flow, signed), Date.now(), 115);
		const began = Date.now();
		await holdRepeatedPause(executionContext(flow, signed), began, 1);
		const [held] = waits.mock.calls[0] as [number];
		expect(held).toBeGreaterThan(decisionBoundMs(115) + PAUSE_HOLD_MS - DECIDE_WITHIN_MS - 500);
		expect(held).toBeLessThanOrEqual(decisionBoundMs(115) + PAUSE_HOLD_MS - DECIDE_WITHIN_MS);
	});

	it('does not hold a later pause whose starts took longer than the hold', async () => {
		const flow = {};
		await holdRepeatedPause(executionContext(flow, signed), Date.now(), 1);
		await holdRepeatedPause(executionContext(flow, signed), Date.now() - PAUSE_HOLD_MS - 1, 1);
		expect(waits).not.toHaveBeenCalled();
	});

	it('does not hold where n8n checks no resume token (n8n 1.x), whose resume no hold makes safe', async () => {
		const flow = {};
		await holdRepeatedPause(executionContext(flow, unsigned), Date.now(), 1);
		await holdRepeatedPause(executionContext(flow, unsigned), Date.now(), 1);
		expect(waits).not.toHaveBeenCalled();
	});
});

describe('a second paused node in one execution, in n8n-core', () => {
	let sandbox: Sandbox;
	// Nothing listens here: the test sends the callbacks itself.
	const nowhere = { instanceBaseUrl: 'http://127.0.0.1:9/', webhookWaitingBaseUrl: 'http://127.0.0.1:9/webhook-waiting' };
	beforeAll(async () => {
		sandbox = await withSandbox({ timings: { generationMs: 300, exportMs: 300 }, webhookRetryDelaysMs: [] });
	});
	afterAll(async () => await sandbox.close());

	const type = 'n8n-nodes-presenter-video.presenterVideo';
	const pausedNode = (name: string, id: string): INode => ({
		id,
		name,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			resource: 'video',
			operation: 'generate',
			inputMethod: 'prompt',
			prompt: `={{ 'Coffee ' + '${name}' }}`,
			duration: 30,
			format: 'vertical',
			waitForCompletion: 'callback',
		},
		credentials: { presenterVideoApi: { id: 'cred-hold', name: 'presenterVideoApi' } },
	});
	const first = pausedNode('First', 'first-node');
	const second = pausedNode('Second', 'second-node');

	const jobIdOf = (run: WorkflowRunResult, node: string) => {
		const [item] = run.outputOf(node) as INodeExecutionData[];
		return String(item.json.jobId);
	};
	const completed = (jobId: string) => ({ job_id: jobId, status: 'completed', result: { video_id: `vid_${jobId}`, cost: 5 } });

	const runBoth = async () => {
		const paused = await runWorkflow({
			nodes: [first, second],
			connections: { First: { main: [[{ node: 'Second', type: 'main', index: 0 }]] } },
			nodeTypes: { [type]: new PresenterVideo() },
			credentials: [
				{ type: 'presenterVideoApi', id: 'cred-hold', data: { apiKey: sandbox.keys.main, baseUrl: sandbox.baseUrl, requestsPerMinute: 100_000 } },
			],
			...nowhere,
		});
		expect(paused.status).toBe('waiting');
		return { paused, resumed: await resumeExecution(paused, completed(jobIdOf(paused, 'First')), { suffix: first.id }) };
	};

	it('hands the execution to n8n no sooner than PAUSE_HOLD_MS after it began, the flow context kept across the wait', async () => {
		// The second node's job outlasts the hold: the node pauses for its callback.
		sandbox.configure({ timings: { generationMs: PAUSE_HOLD_MS + 3_000 } });
		const { resumed: waitingAgain } = await runBoth();
		expect(waitingAgain.status).toBe('waiting');
		const secondRun = waitingAgain.run.data.resultData.runData.Second[0];
		// Its job was started at once, the execution handed over after the hold.
		expect(secondRun.executionTime).toBeGreaterThanOrEqual(PAUSE_HOLD_MS);
		const done = await resumeExecution(waitingAgain, completed(jobIdOf(waitingAgain, 'Second')), { suffix: second.id });
		expect(done.status).toBe('success');
	});

	it('goes on without pausing when the second batch ended during the hold, whose callbacks n8n refused', async () => {
		sandbox.configure({ timings: { generationMs: 300 } });
		const { resumed } = await runBoth();
		expect(resumed.status).toBe('success');
		const secondRun = resumed.run.data.resultData.runData.Second[0];
		expect(secondRun.executionTime).toBeGreaterThanOrEqual(PAUSE_HOLD_MS);
		const [item] = resumed.outputOf('Second') as INodeExecutionData[];
		expect(item.json).toMatchObject({ status: 'completed', kind: 'generation' });
		expect(item.json.waitingForCallback).toBeUndefined();
	});
});
