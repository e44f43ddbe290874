import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { exportParameters, FAST_POLLING, PROMPT_VIDEO, runPresenterVideo, withSandbox } from '../presenterVideoKit';

describe('the credits hint after an export', () => {
	let sandbox: Sandbox;
	let videoId: string;

	beforeAll(async () => {
		sandbox = await withSandbox();
		const generated = await runPresenterVideo(sandbox, {
			parameters: { ...PROMPT_VIDEO, operation: 'generate', waitForCompletion: 'poll', options: FAST_POLLING },
		});
		videoId = generated.output[0].json.videoId as string;
	});
	afterAll(async () => await sandbox.close());

	async function hintsOfExport(options: INodeParameters): Promise<string[]> {
		const parameters = exportParameters(videoId, 'none');
		const result = await runPresenterVideo(sandbox, { parameters: { ...parameters, options } });
		expect(result.errorOf('Presenter Video')?.message).toBeUndefined();
		const [task] = result.run.data.resultData.runData['Presenter Video'];
		return (task.hints ?? []).map((hint) => hint.message);
	}

	it('gives one figure, what the service billed, and nothing of Max Credits', async () => {
		const hints = await hintsOfExport({ maxCredits: 5000, videoLengthBound: 600 });
		const credits = hints.filter((hint) => hint.includes('Credits'));
		expect(credits).toEqual(['1 job still running: estimated 0 credits more (estimatedCredits in the output, as the service’s code bills today); the service reports the cost when a job ends.']);
		expect(hints.join('\n')).not.toContain('Max Credits');
	});
});
