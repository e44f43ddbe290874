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

	it('says nothing of Max Credits when no cap is set', async () => {
		const hints = await hintsOfExport({});
		expect(hints).toContainEqual(expect.stringMatching(/^Credits spent: 0 \(estimated /));
		expect(hints.join('\n')).not.toContain('Max Credits');
	});

	it('names what Max Credits counted when a cap is set', async () => {
		const hints = await hintsOfExport({ maxCredits: 5000, videoLengthBound: 600 });
		expect(hints).toContainEqual(expect.stringMatching(/Max Credits counted up to \d+/));
	});
});
