import { FileTooLargeError } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

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

const MIB = 1024 * 1024;

const stored = (id: string): IBinaryData => ({ id, data: '', mimeType: 'video/mp4' });

const refusal = (fileSizeMb: number, maxFileSizeMb: number) =>
	new FileTooLargeError({ fileSizeMb, maxFileSizeMb, fileId: 'f1', fileName: 'export_1.mp4' });

type DownloadModule = typeof import('../../../../nodes/PresenterVideo/transport/download');

describe('binary store limit', () => {
	// What a process learns about n8n's store lives in the module: each test starts as a fresh process.
	let noteStoredFile: DownloadModule['noteStoredFile'];
	let oversizedBeforeStreaming: DownloadModule['oversizedBeforeStreaming'];
	let oversizedFromStoreError: DownloadModule['oversizedFromStoreError'];
	beforeEach(() => {
		jest.isolateModules(() => {
			const fresh = jest.requireActual<DownloadModule>('../../../../nodes/PresenterVideo/transport/download');
			({ noteStoredFile, oversizedBeforeStreaming, oversizedFromStoreError } = fresh);
		});
	});

	it("reads the size and the cap from n8n's FileTooLargeError, and nothing from other errors", () => {
		expect(oversizedFromStoreError(refusal(600.25, 512))).toEqual({ sizeMiB: 600.25, capMiB: 512 });
		expect(oversizedFromStoreError(new Error('disk full'))).toBeUndefined();
	});

	it('refuses nothing before it knows the store is the database', () => {
		expect(oversizedBeforeStreaming(4096 * MIB)).toBeUndefined();
		noteStoredFile(stored('filesystem-v2:workflows/1/executions/2/binary_data/x'));
		expect(oversizedBeforeStreaming(4096 * MIB)).toBeUndefined();
	});

	it('in database mode refuses what no cap allows, then what the cap it has seen refuses', () => {
		noteStoredFile(stored('database:4f1c'));
		expect(oversizedBeforeStreaming(600 * MIB)).toBeUndefined();
		expect(oversizedBeforeStreaming(1100 * MIB)).toEqual({ sizeMiB: 1100, capMiB: 1024 });
		oversizedFromStoreError(refusal(700, 512));
		expect(oversizedBeforeStreaming(600 * MIB)).toEqual({ sizeMiB: 600, capMiB: 512 });
		expect(oversizedBeforeStreaming(Number.NaN)).toBeUndefined();
	});
});
