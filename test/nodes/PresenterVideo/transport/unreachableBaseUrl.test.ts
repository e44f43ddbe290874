/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node, not inside n8n */
import net from 'node:net';

import type { Sandbox } from '../../../sandbox';
import { PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

/** A port on this machine where nothing listens: connecting gets ECONNREFUSED. */
async function closedPort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as net.AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

type DescribedError = Error & { description?: string };

describe('a Base URL that cannot be reached', () => {
	let sandbox: Sandbox;
	let unreachable: Pick<Sandbox, 'baseUrl' | 'keys'>;

	beforeAll(async () => {
		sandbox = await withSandbox();
		unreachable = { baseUrl: `http://127.0.0.1:${await closedPort()}`, keys: sandbox.keys };
	});
	afterAll(async () => await sandbox.close());

	it('is explained on a start: what the Base URL is, and that nothing was billed', async () => {
		const result = await runPresenterVideo(unreachable, { parameters: PROMPT_GENERATE });
		const error = result.errorOf('Presenter Video') as DescribedError;
		expect(error.message).toBe('The Base URL cannot be reached: nothing accepts connections at its address and port');
		expect(error.description).toMatch(/^ECONNREFUSED on /);
		expect(error.description).toContain('Nothing was sent to the service, so nothing was started or billed.');
		expect(error.description).toContain('the part before /api/public/v1');
		expect(error.description).not.toContain('may have been billed');
	});

	it('is explained on a read', async () => {
		const result = await runPresenterVideo(unreachable, {
			parameters: { resource: 'voice', operation: 'getMany', returnAll: true },
		});
		expect(result.errorOf('Presenter Video')?.message).toBe(
			'The Base URL cannot be reached: nothing accepts connections at its address and port',
		);
	});

	it('leaves an Idempotency Key free to start once the Base URL is right', async () => {
		const staticData = {};
		const parameters = { ...PROMPT_GENERATE, options: { idempotencyKey: 'row-1' } };
		const failed = await runPresenterVideo(unreachable, { parameters, staticData, workflowId: 'wf-unreachable' });
		expect(failed.errorOf('Presenter Video')).toBeDefined();
		sandbox.clearLog();
		const fixed = await runPresenterVideo(sandbox, { parameters, staticData, workflowId: 'wf-unreachable' });
		expect(fixed.errorOf('Presenter Video')).toBeUndefined();
		expect(fixed.output[0].json).toMatchObject({ jobId: expect.stringMatching(/^run_/) });
		expect(fixed.output[0].json.reusedJob).toBeUndefined();
	});

	it('is explained before anything is sent when it is not a web address', async () => {
		sandbox.clearLog();
		const result = await runPresenterVideo(
			{ baseUrl: sandbox.baseUrl.replace(/^http:\/\//, ''), keys: sandbox.keys },
			{ parameters: PROMPT_GENERATE },
		);
		const error = result.errorOf('Presenter Video') as DescribedError;
		expect(error.message).toMatch(
			/^The Base URL in the Presenter Video API credential is not a web address: "127\.0\.0\.1:\d+" does not start with https:\/\/$/,
		);
		expect(error.description).toContain('Nothing was sent to the service, so nothing was started or billed.');
		expect(error.description).toContain('the part before /api/public/v1');
		expect(sandbox.requests).toHaveLength(0);
	});
});
