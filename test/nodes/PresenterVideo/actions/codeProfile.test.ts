/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import { exportNoResultMarker, type Sandbox } from '../../../sandbox';
import {
	apiRequests,
	exportParameters,
	FAST_POLLING,
	isMp4,
	PROMPT_VIDEO,
	runPresenterVideo,
	withSandbox,
} from '../presenterVideoKit';

/** The main flows against a sandbox that answers as the service's code does. */

const promptVideo = PROMPT_VIDEO;

async function generateVideo(sandbox: Sandbox, prompt = promptVideo.prompt): Promise<string> {
	const generated = await runPresenterVideo(sandbox, {
		parameters: { ...promptVideo, prompt, operation: 'generate', waitForCompletion: 'poll', options: FAST_POLLING },
	});
	expect(generated.output[0].json.status).toBe('completed');
	return generated.output[0].json.videoId as string;
}

describe('On the service as its code behaves', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await withSandbox({ profile: 'code', timings: { generationMs: 300, exportMs: 200 } });
	});
	afterAll(async () => await sandbox.close());

	describe('Horizontal (16:9)', () => {
		it('is sent as custom 1920x1080 when generating', async () => {
			sandbox.clearLog();
			const result = await runPresenterVideo(sandbox, {
				parameters: { ...promptVideo, format: 'horizontal', operation: 'generate', waitForCompletion: 'none' },
			});
			expect(result.status).toBe('success');
			expect(apiRequests(sandbox, '/generation/start')[0].body).toMatchObject({
				format: 'custom',
				width: 1920,
				height: 1080,
			});
		});

		it('is sent as custom 1920x1080 when exporting', async () => {
			const videoId = await generateVideo(sandbox);
			sandbox.clearLog();
			const result = await runPresenterVideo(sandbox, {
				parameters: {
					resource: 'video',
					operation: 'export',
					videoId,
					format: 'horizontal',
					waitForCompletion: 'poll',
					options: FAST_POLLING,
				},
			});
			expect(result.status).toBe('success');
			expect(result.output[0].json).toMatchObject({ status: 'completed', videoUrl: expect.any(String) });
			expect(apiRequests(sandbox, '/export/start')[0].body).toMatchObject({
				format: 'custom',
				width: 1920,
				height: 1080,
			});
		});
	});

	describe('an export id the service does not know', () => {
		it('gives an error that names the id and says the service does not know it', async () => {
			const result = await runPresenterVideo(sandbox, {
				parameters: {
					resource: 'video',
					operation: 'getExportStatus',
					jobId: 'run_nosuchjob',
					waitForCompletion: 'none',
				},
			});
			expect(result.status).toBe('error');
			expect(result.errorOf('Presenter Video')?.message).toMatch(/does not know export job run_nosuchjob/);
			// The transport retried the 500 before concluding.
			expect(apiRequests(sandbox, '/export/status/run_nosuchjob').length).toBeGreaterThan(1);
		});

		it('says so when waited for too, and does not call it a job this node started', async () => {
			const result = await runPresenterVideo(sandbox, {
				parameters: {
					resource: 'video',
					operation: 'getExportStatus',
					jobId: 'export_nosuchjob',
					waitForCompletion: 'poll',
					options: FAST_POLLING,
				},
			});
			expect(result.status).toBe('error');
			const error = result.errorOf('Presenter Video');
			expect(error?.message).toMatch(/does not know export job export_nosuchjob/);
			expect(error?.description).toMatch(/^Check the job ID/);
			expect(error?.description).not.toMatch(/was started/);
		});
	});

	describe('a completed export without a download URL', () => {
		let videoId: string;
		beforeAll(async () => (videoId = await generateVideo(sandbox, `Coffee ${exportNoResultMarker()}`)));

		it.each(['poll', 'callback'])('is an error naming the job in Export (%s)', async (waitForCompletion) => {
			const result = await runPresenterVideo(sandbox, {
				parameters: exportParameters(videoId, waitForCompletion),
			});
			expect(result.status).toBe('error');
			const error = result.errorOf('Presenter Video');
			expect(error?.message).toMatch(/^Export job run_\S+ completed without a download URL/);
			expect(error?.description).toMatch(/Start the export again/);
		});

		it('is an error in Create, never a success without a file', async () => {
			const result = await runPresenterVideo(sandbox, {
				parameters: {
					...promptVideo,
					prompt: `Coffee ${exportNoResultMarker()}`,
					operation: 'create',
					downloadThumbnail: false,
					options: FAST_POLLING,
				},
			});
			expect(result.status).toBe('error');
			expect(result.errorOf('Presenter Video')?.message).toMatch(/completed without a download URL/);
		});

		it('is an error in Download by export job id', async () => {
			const exported = await runPresenterVideo(sandbox, {
				parameters: { resource: 'video', operation: 'export', videoId, format: 'original', waitForCompletion: 'none' },
			});
			const jobId = exported.output[0].json.jobId as string;
			await new Promise((resolve) => setTimeout(resolve, 500));
			const result = await runPresenterVideo(sandbox, {
				parameters: { resource: 'video', operation: 'download', downloadFrom: 'jobId', jobId },
			});
			expect(result.status).toBe('error');
			expect(result.errorOf('Presenter Video')?.message).toContain(
				`Export job ${jobId} completed without a download URL`,
			);
		});
	});

	describe('the main flows', () => {
		it.each([
			['Voice', { resource: 'voice', operation: 'getMany', returnAll: true }],
			['Avatar', { resource: 'avatar', operation: 'getMany', returnAll: true }],
			['Script', { resource: 'script', operation: 'generate', prompt: 'Solar panels explained', duration: 60 }],
		])('%s works', async (_name, parameters) => {
			const result = await runPresenterVideo(sandbox, { parameters });
			expect(result.status).toBe('success');
			expect(result.output.length).toBeGreaterThan(0);
		});

		it('Generate without waiting, then Get Generation Status polled until completed', async () => {
			const started = await runPresenterVideo(sandbox, {
				parameters: { ...promptVideo, operation: 'generate', waitForCompletion: 'none' },
			});
			const jobId = started.output[0].json.jobId as string;
			const status = await runPresenterVideo(sandbox, {
				parameters: {
					resource: 'video',
					operation: 'getGenerationStatus',
					jobId,
					waitForCompletion: 'poll',
					options: FAST_POLLING,
				},
			});
			expect(status.output[0].json).toMatchObject({ jobId, status: 'completed', videoId: expect.any(String) });
		});

		it('Create turns a prompt into an MP4', async () => {
			const result = await runPresenterVideo(sandbox, {
				parameters: { ...promptVideo, operation: 'create', downloadThumbnail: false, options: FAST_POLLING },
			});
			expect(result.status).toBe('success');
			expect(isMp4(await result.binaryBuffer(result.output[0], 'data'))).toBe(true);
		});

		it('Export, Get Export Status and Download chain into an MP4', async () => {
			const videoId = await generateVideo(sandbox);
			const exported = await runPresenterVideo(sandbox, {
				parameters: exportParameters(videoId, 'poll'),
			});
			const jobId = exported.output[0].json.jobId as string;
			const status = await runPresenterVideo(sandbox, {
				parameters: { resource: 'video', operation: 'getExportStatus', jobId, waitForCompletion: 'none' },
			});
			expect(status.output[0].json).toMatchObject({ status: 'completed', videoUrl: expect.any(String) });
			const downloaded = await runPresenterVideo(sandbox, {
				parameters: { resource: 'video', operation: 'download', downloadFrom: 'jobId', jobId },
			});
			expect(isMp4(await downloaded.binaryBuffer(downloaded.output[0], 'data'))).toBe(true);
		});
	});
});
