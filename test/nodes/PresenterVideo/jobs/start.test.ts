import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

type DescribedError = Error & { description?: string };

const CREATE: INodeParameters = {
	resource: 'video',
	operation: 'create',
	inputMethod: 'prompt',
	prompt: 'Coffee',
	duration: 600,
	format: 'vertical',
};

const SCRIPT: INodeParameters = { resource: 'script', operation: 'generate', prompt: 'Coffee', duration: 60 };

describe('a start the service refuses', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());
	afterEach(() => sandbox.configure({ faults: [] }));

	async function failedStart(parameters: INodeParameters, apiKey?: string): Promise<DescribedError> {
		const result = await runPresenterVideo(sandbox, { parameters, apiKey });
		const error = result.errorOf('Presenter Video') as DescribedError | undefined;
		if (error === undefined) throw new Error('The run did not fail');
		return error;
	}

	it('says that nothing was billed for a rejected key (401)', async () => {
		const error = await failedStart(PROMPT_GENERATE, 'not-a-key');
		expect(error.message).toMatch(/\[INVALID_API_KEY\]/);
		expect(error.description).toContain(
			'The service refused the generation start of item 0 (HTTP 401): nothing was started or billed for it.',
		);
	});

	it('says that nothing was billed for too few credits (402), and nothing was', async () => {
		const before = sandbox.getCredits(sandbox.keys.poor);
		const error = await failedStart(CREATE, sandbox.keys.poor);
		expect(error.message).toMatch(/\[INSUFFICIENT_CREDITS\]/);
		expect(error.description).toContain(
			'The service refused the generation start of item 0 (HTTP 402): nothing was started or billed for it.',
		);
		expect(sandbox.getCredits(sandbox.keys.poor)).toBe(before);
	});

	it('says so for a script generation too', async () => {
		const error = await failedStart(SCRIPT, 'not-a-key');
		expect(error.description).toContain(
			'The service refused the script generation of item 0 (HTTP 401): nothing was started or billed for it.',
		);
	});

	it('claims nothing when the service failed (500): the start may have been billed', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: '500', times: 10 }] });
		const error = await failedStart(PROMPT_GENERATE);
		expect(error.description).not.toContain('nothing was started or billed');
	});
});
