/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { exportFailMarker, failMarker, type Sandbox } from '../../../sandbox';
import { apiRequests, FAST_POLLING, isMp4, PROMPT_VIDEO, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const promptVideo = PROMPT_VIDEO;

describe('Video operations, in a workflow', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it('Generate without waiting returns the job id and estimated credits', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...promptVideo, operation: 'generate', waitForCompletion: 'none' },
		});
		expect(result.output[0].json).toMatchObject({
			kind: 'generation',
			status: 'pending',
			jobId: expect.stringMatching(/^run_/),
		});
		expect(result.output[0].json.estimatedCredits).toBeGreaterThan(0);
	});

	it('Generate, Get Generation Status, Export, Get Export Status and Download chain into a valid MP4', async () => {
		const generated = await runPresenterVideo(sandbox, {
			parameters: { ...promptVideo, operation: 'generate', waitForCompletion: 'poll', options: FAST_POLLING },
		});
		const generation = generated.output[0].json;
		expect(generation).toMatchObject({ status: 'completed', videoId: expect.stringMatching(/^vid_/), duration: 30 });
		expect(generation.cost).toBeGreaterThan(0);

		const status = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'getGenerationStatus',
				jobId: generation.jobId as string,
				waitForCompletion: 'none',
			},
		});
		expect(status.output[0].json).toMatchObject({
			jobId: generation.jobId,
			status: 'completed',
			videoId: generation.videoId,
		});

		const exported = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'export',
				videoId: generation.videoId as string,
				format: 'original',
				waitForCompletion: 'poll',
				options: FAST_POLLING,
			},
		});
		const exportJob = exported.output[0].json;
		expect(exportJob).toMatchObject({
			kind: 'export',
			status: 'completed',
			videoUrl: expect.stringContaining(sandbox.storageUrl),
		});

		const exportStatus = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'getExportStatus',
				jobId: exportJob.jobId as string,
				waitForCompletion: 'poll',
				options: FAST_POLLING,
			},
		});
		expect(exportStatus.output[0].json).toMatchObject({ status: 'completed', videoUrl: exportJob.videoUrl });

		const downloaded = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'download',
				downloadFrom: 'jobId',
				jobId: exportJob.jobId as string,
				downloadThumbnail: true,
			},
		});
		const item = downloaded.output[0];
		expect(item.binary?.data).toMatchObject({ mimeType: 'video/mp4', fileName: `${exportJob.jobId as string}.mp4` });
		expect(isMp4(await downloaded.binaryBuffer(item, 'data'))).toBe(true);
		expect(item.binary?.thumbnail?.mimeType).toMatch(/^image\//);
		// The storage host never sees the API key.
		const storageCalls = sandbox.requests.filter((request) => request.listener === 'storage');
		expect(storageCalls.length).toBeGreaterThan(0);
		expect(storageCalls.every((request) => request.authorization === undefined)).toBe(true);
	});

	it('Export takes the input item’s videoId when its Video ID is left at its default', async () => {
		const generated = await runPresenterVideo(sandbox, {
			parameters: { ...promptVideo, operation: 'generate', waitForCompletion: 'poll', options: FAST_POLLING },
		});
		const { videoId } = generated.output[0].json;
		const exported = await runPresenterVideo(sandbox, {
			parameters: { resource: 'video', operation: 'export', format: 'original', waitForCompletion: 'none' },
			items: [{ json: generated.output[0].json }],
		});
		expect(exported.status).toBe('success');
		expect(apiRequests(sandbox, '/export/start').at(-1)?.body).toMatchObject({ video_id: videoId });
	});

	it('Create turns a prompt into an MP4 binary with every id and cost', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...promptVideo, operation: 'create', downloadThumbnail: false, options: FAST_POLLING },
		});
		expect(result.status).toBe('success');
		const item = result.output[0];
		expect(item.json).toMatchObject({
			status: 'completed',
			generationJobId: expect.stringMatching(/^run_/),
			exportJobId: expect.stringMatching(/^export_/),
			videoId: expect.stringMatching(/^vid_/),
			videoUrl: expect.any(String),
			fileName: expect.stringMatching(/\.mp4$/),
		});
		expect(item.json.totalCost).toBe((item.json.generationCost as number) + ((item.json.exportCost as number) ?? 0));
		const bytes = await result.binaryBuffer(item, 'data');
		expect(isMp4(bytes)).toBe(true);
		expect(item.json.fileSize).toBeDefined();
	});

	it('a failed job becomes an error that names the job and the service code', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				...promptVideo,
				prompt: `Hello ${failMarker('VOICE_GENERATION_FAILED')}`,
				operation: 'generate',
				waitForCompletion: 'poll',
				options: FAST_POLLING,
			},
		});
		expect(result.status).toBe('error');
		const error = result.errorOf('Presenter Video');
		expect(error?.message).toMatch(/^Generation job run_\S+ failed \[VOICE_GENERATION_FAILED\]/);
		expect(error?.description).toMatch(/voice/i);
		// A prompt job sent no voice URL: its fix does not send the user looking for one.
		expect(error?.description).not.toMatch(/voice URL/i);
	});

	it("a failed job's fix names the voice URL when the start sent one", async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				...promptVideo,
				inputMethod: 'script',
				script: `Hello ${failMarker('VOICE_GENERATION_FAILED')}`,
				voiceUrl: `${sandbox.storageUrl}/previews/voices/v.mp3`,
				operation: 'generate',
				waitForCompletion: 'poll',
				options: FAST_POLLING,
			},
		});
		expect(result.errorOf('Presenter Video')?.description).toMatch(/voice URL points to a readable/);
	});

	it('without Continue On Fail, the error names every other job already started', async () => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, {
			items: [
				{ json: { text: 'one' } },
				{ json: { text: `two ${failMarker('ASSEMBLY_FAILED')}` } },
				{ json: { text: 'three' } },
			],
			parameters: {
				...promptVideo,
				prompt: '={{ $json.text }}',
				operation: 'generate',
				waitForCompletion: 'poll',
				options: FAST_POLLING,
			},
		});
		expect(result.status).toBe('error');
		const error = result.errorOf('Presenter Video');
		const starts = apiRequests(sandbox, '/generation/start', 'POST');
		expect(starts).toHaveLength(3);
		// The failed job is named in the message, the two others (not necessarily read yet) in the description.
		const failedJob = error?.message.match(/run_\w+/)?.[0];
		expect(failedJob).toBeDefined();
		const others = new Set(error?.description?.match(/run_\w+/g) ?? []);
		others.delete(failedJob as string);
		expect(others.size).toBe(2);
	});

	it('with Continue On Fail, a failed job is an item that keeps its job id', async () => {
		const result = await runPresenterVideo(sandbox, {
			continueOnFail: true,
			items: [{ json: { text: 'fine' } }, { json: { text: `broken ${failMarker('ASSEMBLY_FAILED')}` } }],
			parameters: {
				...promptVideo,
				prompt: '={{ $json.text }}',
				operation: 'generate',
				waitForCompletion: 'poll',
				options: FAST_POLLING,
			},
		});
		expect(result.status).toBe('success');
		expect(result.output[0].json.status).toBe('completed');
		expect(result.output[1].json).toMatchObject({
			error: expect.stringContaining('ASSEMBLY_FAILED'),
			jobId: expect.stringMatching(/^run_/),
		});
		expect(result.output[1].pairedItem).toEqual({ item: 1 });
	});

	it('with On Error set to the error output, a failed item goes there, its message naming every job it started', async () => {
		const result = await runPresenterVideo(sandbox, {
			nodeSettings: { onError: 'continueErrorOutput' },
			items: [{ json: { text: 'fine' } }, { json: { text: `broken ${exportFailMarker('ENCODING_FAILED')}` } }],
			parameters: { ...promptVideo, prompt: '={{ $json.text }}', operation: 'create', options: FAST_POLLING },
		});
		expect(result.status).toBe('success');
		const [fine] = result.outputOf('Presenter Video', 0);
		expect(fine.json.status).toBe('completed');
		expect(result.outputOf('Presenter Video', 0)).toHaveLength(1);
		const [failed] = result.outputOf('Presenter Video', 1);
		// The export that failed is named by its error, the generation before it by the note.
		expect(failed.json.error).toMatch(/ENCODING_FAILED.*\(started: generation job run_\w+\)$/);
		expect(failed.pairedItem).toEqual({ item: 1 });
	});

	it('a time-out passes the item on with its job id, last status and a hint', async () => {
		sandbox.configure({ timings: { generationMs: 60_000, exportMs: 200 } });
		try {
			const result = await runPresenterVideo(sandbox, {
				items: [{ json: {} }, { json: {} }],
				parameters: {
					...promptVideo,
					operation: 'generate',
					waitForCompletion: 'poll',
					options: { maxWaitMinutes: 0.03, pollingIntervalSeconds: 1 },
				},
			});
			expect(result.status).toBe('success');
			for (const item of result.output) {
				expect(item.json).toMatchObject({
					timedOut: true,
					jobId: expect.stringMatching(/^run_/),
					status: expect.stringMatching(/pending|processing/),
				});
				expect(item.json.hint).toContain('Get Generation Status');
			}
			const [task] = result.run.data.resultData.runData['Presenter Video'];
			const hints = task.hints?.map((hint) => hint.message);
			expect(hints).toContainEqual(expect.stringMatching(/^2 job\(s\) were still running after Max Wait/));
			expect(hints).toContainEqual(
				expect.stringMatching(/^2 jobs still running: estimated 10 credits more \(estimatedCredits in the output/),
			);
		} finally {
			sandbox.configure({ timings: { generationMs: 300, exportMs: 200 } });
		}
	});

	it('cancelling the execution stops the polling at once', async () => {
		sandbox.clearLog();
		sandbox.configure({ timings: { generationMs: 60_000, exportMs: 200 } });
		try {
			const controller = new AbortController();
			const running = runPresenterVideo(sandbox, {
				abortSignal: controller.signal,
				parameters: {
					...promptVideo,
					operation: 'generate',
					waitForCompletion: 'poll',
					options: { pollingIntervalSeconds: 1 },
				},
			});
			await new Promise((resolve) => setTimeout(resolve, 2_500));
			controller.abort();
			const result = await running;
			expect(result.status).toBe('canceled');
			const polls = apiRequests(sandbox, '/generation/status');
			await new Promise((resolve) => setTimeout(resolve, 1_500));
			expect(apiRequests(sandbox, '/generation/status')).toHaveLength(polls.length);
			// The execution ended while its job was still running: it did not wait for the job.
			const job = (await (
				await fetch(`${sandbox.baseUrl}${polls[0].path}`, {
					headers: { Authorization: `Bearer ${sandbox.keys.main}` },
				})
			).json()) as { status: string };
			expect(job.status).toMatch(/pending|processing/);
		} finally {
			sandbox.configure({ timings: { generationMs: 300, exportMs: 200 } });
		}
	});
});
