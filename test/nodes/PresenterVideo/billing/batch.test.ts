import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { checkCreditCap, creditsHint, totalCredits } from '../../../../nodes/PresenterVideo/billing/batch';
import type { Sandbox } from '../../../sandbox';
import { apiRequests, FAST_POLLING, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const rows = (...ids: string[]) => ids.map((id) => ({ json: { rowId: id, text: `Our coffee blend ${id}` } }));

/** A 30-second prompt video: 5 credits by the contract's generation rule. */
const generateRows = (options: IDataObject = {}) => ({
	resource: 'video',
	operation: 'generate',
	inputMethod: 'prompt',
	prompt: '={{ $json.text }}',
	duration: 30,
	format: 'vertical',
	waitForCompletion: 'poll',
	options: { ...FAST_POLLING, ...options },
});

describe('Credits and starts of a batch, in a workflow', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());
	beforeEach(() => {
		sandbox.clearLog();
		sandbox.configure({ faults: [] });
	});

	const starts = () => apiRequests(sandbox, '/generation/start', 'POST');
	const byRow = { idempotencyKey: '={{ $json.rowId }}' };
	/** A production run of Generate over the rows, keeping static data as n8n does for a saved workflow. */
	const runSaved = async (staticData: IDataObject, ids: string[], options: IDataObject = {}, apiKey?: string) =>
		await runPresenterVideo(sandbox, {
			items: rows(...ids),
			parameters: generateRows(options),
			staticData,
			mode: 'trigger',
			apiKey,
		});

	it('a batch over Max Credits per Execution sends no request and says the estimate, the cap and the fix', async () => {
		const result = await runPresenterVideo(sandbox, {
			items: rows('a', 'b', 'c'),
			continueOnFail: true,
			parameters: generateRows({ maxCredits: 12 }),
		});

		expect(result.status).toBe('error');
		expect(sandbox.requests.filter((request) => request.listener === 'api')).toHaveLength(0);
		const error = result.errorOf('Presenter Video');
		expect(error?.message).toBe('Estimated cost of 15 credits is over Max Credits per Execution (12)');
		expect(error?.description).toMatch(/Nothing was started\..*raise Max Credits per Execution .* to at least 15/);
	});

	it('under the cap, every item carries its estimate and the hint gives what the service billed', async () => {
		const result = await runPresenterVideo(sandbox, {
			items: rows('a', 'b'),
			parameters: generateRows({ maxCredits: 10 }),
		});

		expect(result.status).toBe('success');
		for (const item of result.output) {
			expect(item.json).toMatchObject({
				status: 'completed',
				estimatedCredits: 5,
				serviceEstimatedCredits: 5,
				cost: 5,
			});
		}
		const [task] = result.run.data.resultData.runData['Presenter Video'];
		expect(task.hints?.map((hint) => hint.message)).toContain(
			'Credits billed: 10, as the service reported for the 2 finished jobs (cost or totalCost in the output).',
		);
	});

	const exportFourK = (options: IDataObject) => ({
		resource: 'video',
		operation: 'export',
		videoId: '={{ $json.videoId }}',
		format: 'custom',
		width: 3840,
		height: 2160,
		avatarModel: '',
		waitForCompletion: 'poll',
		options: { ...FAST_POLLING, ...options },
	});

	it('Export under a cap: a duration on the input item does not lower the guard, the length must be set', async () => {
		const generated = await runPresenterVideo(sandbox, { items: rows('a'), parameters: generateRows() });
		sandbox.clearLog();

		// The item says 30 s and an API video; a careless or hostile item could say anything.
		const trusting = await runPresenterVideo(sandbox, {
			items: [{ json: { ...generated.output[0].json, duration: 1 } }],
			parameters: exportFourK({ maxCredits: 3 }),
		});
		expect(trusting.status).toBe('error');
		expect(sandbox.requests.filter((request) => request.listener === 'api')).toHaveLength(0);
		const unbounded = trusting.errorOf('Presenter Video');
		expect(unbounded?.message).toMatch(/^Max Credits per Execution cannot hold: the length of the video/);
		expect(unbounded?.description).toMatch(/Set Video Length at Most \(Seconds\)/);

		// With a length the user vouches for, the guard counts a dashboard video of that length with
		// the dearest avatar model: 5 base, 2.5 high resolution, 4 segments of veo-3 (160).
		const bounded = await runPresenterVideo(sandbox, {
			items: generated.output,
			parameters: exportFourK({ maxCredits: 167.5, videoLengthBound: 30 }),
		});
		expect(bounded.errorOf('Presenter Video')?.message).toBeUndefined();
		expect(bounded.status).toBe('success');
		// The code debits no export of an API video: that is the estimate shown.
		expect(bounded.output[0].json).toMatchObject({ estimatedCredits: 0, cost: 2.5 });

		const tooLong = await runPresenterVideo(sandbox, {
			items: generated.output,
			parameters: exportFourK({ maxCredits: 167.5, videoLengthBound: 31 }),
		});
		expect(tooLong.errorOf('Presenter Video')?.message).toBe(
			'Estimated cost of 175 credits is over Max Credits per Execution (167.5)',
		);
	});

	it('Export under a cap counts a model the service picks as the dearest', async () => {
		const exported = await runPresenterVideo(sandbox, {
			items: [{ json: { videoId: 'a'.repeat(24) } }],
			parameters: exportFourK({ maxCredits: 100, videoLengthBound: 30 }),
		});
		// veo-3: 4 segments of 8 s at 5 credits, with 5 base and 2.5 high resolution.
		expect(exported.errorOf('Presenter Video')?.message).toBe(
			'Estimated cost of 167.5 credits is over Max Credits per Execution (100)',
		);
		expect(sandbox.requests.filter((request) => request.listener === 'api')).toHaveLength(0);
	});

	it('a video whose length follows a voice recording is refused under a cap, naming what to set', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				...generateRows({ maxCredits: 1000 }),
				inputMethod: 'media',
				voiceUrl: 'https://voices.example/me.mp3',
			},
		});
		const error = result.errorOf('Presenter Video') as (Error & { description?: string }) | undefined;
		expect(error?.message).toMatch(/^Max Credits per Execution cannot hold: the video’s length follows the voice/);
		expect(error?.description).toMatch(/clear Max Credits per Execution/);
		expect(starts()).toHaveLength(0);
	});

	it('Max Credits per Execution that differs between items is refused before anything is sent', async () => {
		const result = await runPresenterVideo(sandbox, {
			items: rows('a', 'b'),
			parameters: generateRows({ maxCredits: '={{ $json.rowId === "a" ? 5 : 500 }}' }),
		});
		expect(result.status).toBe('error');
		expect(starts()).toHaveLength(0);
		expect(result.errorOf('Presenter Video')?.message).toBe(
			'Max Credits per Execution: item 1 gives 500, the first item 5',
		);
	});

	it('Retry On Fail after a failure that followed billed starts sends exactly 1 start per item and waits for those jobs', async () => {
		// Nine failed status reads: whichever way the two items share them, one item runs out of
		// transport retries, and the node fails after both starts were billed.
		sandbox.configure({ faults: [{ path: '/generation/status/', method: 'GET', kind: '503', times: 9 }] });
		const result = await runPresenterVideo(sandbox, {
			items: rows('a', 'b'),
			nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
			parameters: generateRows(),
		});

		expect(result.status).toBe('success');
		expect(starts()).toHaveLength(2);
		const startedIds = new Set(result.output.map((item) => item.json.jobId));
		expect(startedIds.size).toBe(2);
		for (const item of result.output) {
			expect(item.json).toMatchObject({ status: 'completed', reusedJob: 'retry' });
		}
	});

	it('leaves no retry entries in the saved static data once the node has returned', async () => {
		const staticData: IDataObject = {};
		const result = await runPresenterVideo(sandbox, {
			items: rows('a', 'b'),
			nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
			parameters: generateRows(),
			staticData,
			mode: 'trigger',
		});
		expect(result.status).toBe('success');
		expect(staticData.global).toEqual({ 'startLedger:node-under-test': {} });
	});

	it('without a key, a new execution of the same item starts a new job: retry entries end with their execution', async () => {
		const staticData: IDataObject = {};
		sandbox.configure({ faults: [{ path: '/generation/status/', method: 'GET', kind: '503', times: 5 }] });
		const failed = await runSaved(staticData, ['a']);
		expect(failed.status).toBe('error');
		const rerun = await runSaved(staticData, ['a']);
		expect(rerun.status).toBe('success');
		expect(rerun.output[0].json.reusedJob).toBeUndefined();
		expect(starts()).toHaveLength(2);
	});

	it('10 executions of one workflow at once, each with the same 5 keys, start exactly 5 jobs and all name them', async () => {
		const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
		// Each execution loads its own copy of the saved static data, as n8n does.
		const results = await Promise.all(
			Array.from(
				{ length: 10 },
				async () =>
					await runPresenterVideo(sandbox, {
						items: rows(...keys),
						parameters: { ...generateRows(byRow), waitForCompletion: 'none' },
						staticData: {},
						mode: 'trigger',
						workflowId: 'overlapping-workflow',
						credentialId: 'overlapping-credential',
					}),
			),
		);

		expect(starts()).toHaveLength(5);
		const started = new Set(results[0].output.map((item) => item.json.jobId));
		expect(started.size).toBe(5);
		for (const result of results) {
			expect(result.status).toBe('success');
			expect(new Set(result.output.map((item) => item.json.jobId))).toEqual(started);
		}
	});

	it('an Idempotency Key holds when the node is renamed', async () => {
		const staticData: IDataObject = {};
		const run = async (name: string) =>
			await runPresenterVideo(sandbox, {
				name,
				items: rows('a'),
				parameters: { ...generateRows(byRow), waitForCompletion: 'none' },
				staticData,
				mode: 'trigger',
			});
		const first = await run('Presenter Video');
		const renamed = await run('Make the Video');
		expect(starts()).toHaveLength(1);
		expect(renamed.output[0].json).toMatchObject({ jobId: first.output[0].json.jobId, reusedJob: 'idempotencyKey' });
	});

	it('an Idempotency Key mapped to an object is keyed by its content, whatever the order of its fields', async () => {
		const result = await runPresenterVideo(sandbox, {
			items: [
				{ json: { text: 'One', row: { sheet: 's', id: 1 } } },
				{ json: { text: 'Two', row: { sheet: 's', id: 2 } } },
				{ json: { text: 'One again', row: { id: 1, sheet: 's' } } },
			],
			parameters: { ...generateRows({ idempotencyKey: '={{ $json.row }}' }), waitForCompletion: 'none' },
		});
		expect(result.status).toBe('success');
		expect(starts()).toHaveLength(2);
		const [one, two, again] = result.output.map((item) => item.json.jobId);
		expect(one).not.toBe(two);
		expect(again).toBe(one);
	});

	it('an Idempotency Key reused in a second execution sends no new start and outputs the original job', async () => {
		const staticData: IDataObject = {};
		const first = await runSaved(staticData, ['a', 'b'], byRow);
		expect(first.status).toBe('success');
		expect(starts()).toHaveLength(2);
		const original = { a: first.output[0].json.jobId, b: first.output[1].json.jobId };

		sandbox.clearLog();
		const second = await runSaved(staticData, ['b', 'a'], byRow);
		expect(second.status).toBe('success');
		expect(starts()).toHaveLength(0);
		expect(second.output.map((item) => item.json)).toEqual([
			expect.objectContaining({ jobId: original.b, status: 'completed', reusedJob: 'idempotencyKey' }),
			expect.objectContaining({ jobId: original.a, status: 'completed', reusedJob: 'idempotencyKey' }),
		]);
	});

	it('items of one batch that repeat an Idempotency Key share one start, and the cap counts it once', async () => {
		const result = await runPresenterVideo(sandbox, {
			items: rows('a', 'a', 'a'),
			parameters: generateRows({ ...byRow, maxCredits: 5 }),
		});

		expect(result.status).toBe('success');
		expect(starts()).toHaveLength(1);
		const [leader, ...followers] = result.output.map((item) => item.json);
		expect(leader.reusedJob).toBeUndefined();
		for (const follower of followers)
			expect(follower).toMatchObject({ jobId: leader.jobId, reusedJob: 'idempotencyKey' });
	});

	it('a start the service refused is not remembered: the same key starts once the input is fixed', async () => {
		const staticData: IDataObject = {};
		const refused = await runSaved(staticData, ['a'], byRow, 'wrong-key');
		expect(refused.status).toBe('error');

		const accepted = await runSaved(staticData, ['a'], byRow);
		expect(accepted.status).toBe('success');
		expect(accepted.output[0].json.reusedJob).toBeUndefined();
		expect(starts()).toHaveLength(2);
	});

	it('a start whose outcome is unknown is not sent again under its key, and the error says it may have been billed', async () => {
		const staticData: IDataObject = {};
		sandbox.configure({ faults: [{ path: '/generation/start', method: 'POST', kind: '500', times: 1 }] });
		const lost = await runSaved(staticData, ['a'], byRow);
		expect(lost.status).toBe('error');

		sandbox.clearLog();
		const again = await runSaved(staticData, ['a'], byRow);
		expect(again.status).toBe('error');
		expect(sandbox.requests.filter((request) => request.listener === 'api')).toHaveLength(0);
		const error = again.errorOf('Presenter Video');
		expect(error?.message).toContain('Idempotency Key "a"');
		expect(error?.description).toContain('may have been billed');
	});
});

describe('without Max Credits per Execution', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.clearLog());

	/** 3,470 words: about 1,388 s of video at 150 words a minute, 230 credits as the service's code bills. */
	const longScript = Array.from({ length: 3470 }, (_, index) => `word${index}`).join(' ');
	const scriptVideo = (options: INodeParameters = {}): INodeParameters => ({
		resource: 'video',
		operation: 'generate',
		inputMethod: 'script',
		script: longScript,
		voice: { __rl: true, mode: 'id', value: 'voice_olivia_en_us' },
		format: 'vertical',
		waitForCompletion: 'none',
		options,
	});
	const starts = () => apiRequests(sandbox, '/generation/start', 'POST');

	it('refuses an item estimated over 100 credits, saying what it counts and the cap that would run it', async () => {
		const result = await runPresenterVideo(sandbox, { parameters: scriptVideo() });
		const error = result.errorOf('Presenter Video');
		expect(error?.message).toBe(
			'Item 0 would cost about 230 credits, more than an item may without Max Credits per Execution (100)',
		);
		expect(error?.description).toContain(
			'Nothing was started. The estimate counts a video of about 1,388 s from a script of 3,470 words (150 words a minute)',
		);
		expect(error?.description).toMatch(/set it to at least 350: the cap counts every item/);
		expect(starts()).toHaveLength(0);
	});

	it('starts it once a cap allows it', async () => {
		const result = await runPresenterVideo(sandbox, { parameters: scriptVideo({ maxCredits: 350 }) });
		expect(result.errorOf('Presenter Video')).toBeUndefined();
		expect(starts()).toHaveLength(1);
	});

	it('lets the longest prompt video through, and any number of items each under the limit', async () => {
		const longest = await runPresenterVideo(sandbox, {
			parameters: { ...generateRows(), duration: 600, waitForCompletion: 'none' },
			items: rows('a'),
		});
		expect(longest.errorOf('Presenter Video')).toBeUndefined();
		const many = await runPresenterVideo(sandbox, {
			parameters: { ...generateRows(), duration: 60, waitForCompletion: 'none' },
			items: rows(...Array.from({ length: 12 }, (_, index) => `row-${index}`)),
		});
		expect(many.errorOf('Presenter Video')).toBeUndefined();
		expect(starts()).toHaveLength(13);
	});
});

describe('credit cap', () => {
	it('sums a batch without floating-point noise', () => {
		expect(totalCredits([{ credits: 55.2 }, { credits: 0.1 }, { credits: 0.2 }])).toBe(55.5);
		expect(totalCredits([])).toBe(0);
	});

	it('lets a batch through with no cap, or at or under the cap', () => {
		expect(checkCreditCap(500, undefined, 3)).toBeUndefined();
		expect(checkCreditCap(30, 30, 3)).toBeUndefined();
		expect(checkCreditCap(29.5, 30, 3)).toBeUndefined();
	});

	it('refuses a batch over the cap with the estimate, the cap and how to raise it', () => {
		const error = checkCreditCap(30.5, 30, 4);
		expect(error?.message).toBe('Estimated cost of 30.5 credits is over Max Credits per Execution (30)');
		expect(error?.description).toContain('Nothing was started.');
		expect(error?.description).toContain('The 4 starts of this execution');
		expect(error?.description).toContain('raise Max Credits per Execution');
		expect(error?.description).toContain('to at least 31');
	});

	it('a cap of 0 refuses any paid start', () => {
		expect(checkCreditCap(5, 0, 1)?.description).toContain('The 1 start of this execution');
	});

	it('gives one figure when every job has ended: what the service reported', () => {
		expect(creditsHint({ billed: 55.2, finished: 3, unfinished: 0, pendingEstimate: 0, reused: 0 })).toBe(
			'Credits billed: 55.2, as the service reported for the 3 finished jobs (cost or totalCost in the output).',
		);
		expect(creditsHint({ billed: 5, finished: 1, unfinished: 0, pendingEstimate: 0, reused: 0 })).toBe(
			'Credits billed: 5, as the service reported for the finished job (cost or totalCost in the output).',
		);
	});

	it('gives the estimate of jobs still running as an estimate, apart from what was billed', () => {
		expect(creditsHint({ billed: 10, finished: 1, unfinished: 2, pendingEstimate: 20, reused: 0 })).toBe(
			'Credits billed so far: 10, as the service reported for the finished job (cost or totalCost in the output). 2 jobs still running: estimated 20 credits more (estimatedCredits in the output, as the service’s code bills today); the service reports the cost when a job ends.',
		);
		expect(creditsHint({ billed: 0, finished: 0, unfinished: 1, pendingEstimate: 10, reused: 0 })).toBe(
			'1 job still running: estimated 10 credits more (estimatedCredits in the output, as the service’s code bills today); the service reports the cost when a job ends.',
		);
	});

	it('names jobs reused by key, which an earlier run paid for', () => {
		expect(creditsHint({ billed: 0, finished: 0, unfinished: 0, pendingEstimate: 0, reused: 3 })).toBe(
			'Credits billed: 0. 3 jobs reused by Idempotency Key were paid for by an earlier run.',
		);
	});
});
