import { transferTimeoutMs } from '../../../../nodes/PresenterVideo/transport/download';
import type { Sandbox } from '../../../sandbox';
import { FAST_POLLING, runPresenterVideo, withSandbox } from '../presenterVideoKit';

describe('a download cut mid-stream', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it('is a node error that names the export job and how to fetch the file again', async () => {
		sandbox.configure({ faults: [{ listener: 'storage', path: '\\.mp4$', kind: 'drop-after', times: 1 }] });
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'create',
				inputMethod: 'prompt',
				prompt: 'Coffee',
				duration: 30,
				options: FAST_POLLING,
			},
		});
		const error = result.errorOf('Presenter Video') as (Error & { description?: string }) | undefined;
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/was cut off/);
		expect(error?.message).toMatch(/export job export_\w+/);
		expect(error?.description).toMatch(/Download operation with Export Job ID export_\w+/);
	});
});

describe('the whole-transfer time-out', () => {
	it('grows with the announced size, so a big export is not cut at the 30 s read time-out', () => {
		const oneGigabyte = 1024 ** 3;
		expect(transferTimeoutMs(oneGigabyte)).toBeGreaterThan(transferTimeoutMs(10 * 1024 ** 2));
		expect(transferTimeoutMs(oneGigabyte)).toBeGreaterThan(60 * 60_000);
		expect(transferTimeoutMs(undefined)).toBe(60 * 60_000);
	});
});
