/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { FileTooLargeError } from 'n8n-core';
import type { IBinaryData, INode } from 'n8n-workflow';
import { Readable } from 'stream';

import {
	DOWNLOAD_LIMITS,
	type DownloadContext,
	downloadToBinary,
	transferTimeoutMs,
} from '../../../../nodes/PresenterVideo/transport/download';
import { type LocalService, startLocalService } from '../../../harness/fixtures/local-service';
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

describe('a download that never ends', () => {
	let drip: LocalService;
	let dripping: ReturnType<typeof setInterval> | undefined;
	let firstByte: () => void = () => {};
	let closed: () => void = () => {};
	beforeAll(async () => {
		// Headers, no Content-Length, then a byte now and then, for ever.
		drip = await startLocalService((_request, res) => {
			res.writeHead(200, { 'content-type': 'video/mp4' });
			res.write('x');
			firstByte();
			dripping = setInterval(() => res.write('x'), 50);
			res.on('close', () => {
				clearInterval(dripping);
				closed();
			});
		});
	});
	afterAll(async () => await drip.close());

	it('is ended by Stop: the execution ends and the connection is closed', async () => {
		const stop = new AbortController();
		const started = new Promise<void>((resolve) => (firstByte = resolve));
		const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
		const sandbox = { keys: { main: 'key' }, baseUrl: drip.url } as unknown as Sandbox;
		const running = runPresenterVideo(sandbox, {
			parameters: { resource: 'video', operation: 'download', downloadFrom: 'url', videoUrl: `${drip.url}/v.mp4` },
			abortSignal: stop.signal,
		});
		await started;
		stop.abort();
		const result = await running;
		await connectionClosed;
		expect(result.status).not.toBe('success');
	});

	const node = { name: 'Presenter Video', parameters: {} } as unknown as INode;

	/**
	 * n8n's helpers reduced to what the download uses: the answer given, the body read to its end;
	 * Stop is the execution's cancel signal.
	 */
	const contextAnswering = (
		body: Readable,
		headers: Record<string, string> = {},
		cancel?: AbortSignal,
	): DownloadContext =>
		({
			getNode: () => node,
			getExecutionCancelSignal: () => cancel,
			helpers: {
				httpRequest: async () => ({ statusCode: 200, headers, body }),
				prepareBinaryData: async (source: Readable) => {
					let size = 0;
					for await (const chunk of source) size += (chunk as Buffer).length;
					return { data: '', mimeType: 'video/mp4', fileSize: String(size) } as IBinaryData;
				},
			},
		}) as unknown as DownloadContext;

	// The download's limits, shrunk for a test, are put back after it.
	afterEach(() => jest.restoreAllMocks());

	const request = { url: 'https://storage.example/v.mp4', fileName: 'v.mp4', mimeType: 'video/mp4' };

	const endless = () =>
		new Readable({
			read() {
				this.push(Buffer.alloc(64 * 1024));
			},
		});

	it('without Content-Length, is refused once it grows past the size bound, in filesystem mode too', async () => {
		jest.replaceProperty(DOWNLOAD_LIMITS, 'maxBytes', MIB);
		await expect(downloadToBinary(contextAnswering(endless()), request)).rejects.toThrow(
			/v\.mp4 \(more\) is larger than n8n's binary data limit of 1 MiB/,
		);
	});

	it('is refused before reading when it announces more than the size bound', async () => {
		jest.replaceProperty(DOWNLOAD_LIMITS, 'maxBytes', MIB);
		const body = endless();
		await expect(
			downloadToBinary(contextAnswering(body, { 'content-length': String(2 * MIB) }), request),
		).rejects.toThrow(/larger than n8n's binary data limit of 1 MiB/);
		expect(body.destroyed).toBe(true);
	});

	it('names sizes and caps of hundreds of MiB and more in whole MiB', async () => {
		jest.replaceProperty(DOWNLOAD_LIMITS, 'maxBytes', 1024 * MIB);
		await expect(
			downloadToBinary(contextAnswering(endless(), { 'content-length': String(2048 * MIB) }), request),
		).rejects.toThrow("v.mp4 (2048 MiB) is larger than n8n's binary data limit of 1024 MiB");
	});

	it('with an announced size, is bounded by that size’s transfer time, not cut at the unknown-size bound', async () => {
		const slow = new Readable({ read() {} });
		let sent = 0;
		const feeding = setInterval(() => {
			sent += 1;
			slow.push('x');
			if (sent === 10) {
				clearInterval(feeding);
				slow.push(null);
			}
		}, 15);
		jest.replaceProperty(DOWNLOAD_LIMITS, 'unknownSizeTransferMs', 20);
		const stored = await downloadToBinary(contextAnswering(slow, { 'content-length': '10' }), request);
		expect(stored.fileSize).toBe('10');
	});

	it('is cut at the whole-transfer bound, not only at the idle time-out', async () => {
		const slow = new Readable({ read() {} });
		jest.replaceProperty(DOWNLOAD_LIMITS, 'unknownSizeTransferMs', 100);
		const feeding = setInterval(() => slow.push('x'), 5);
		try {
			const cut = downloadToBinary(contextAnswering(slow), request);
			await expect(cut).rejects.toThrow(/was cut off before the end/);
			await expect(cut).rejects.toMatchObject({
				description: expect.stringMatching(/^Cause: not finished within \d+ s\./),
			});
		} finally {
			clearInterval(feeding);
		}
	});

	it('is ended by Stop while its body flows: the body is closed and the error names how to fetch it again', async () => {
		const slow = new Readable({ read() {} });
		const feeding = setInterval(() => slow.push('x'), 5);
		const stop = new AbortController();
		const running = downloadToBinary(contextAnswering(slow, {}, stop.signal), { ...request, jobId: 'export_7' });
		setTimeout(() => stop.abort(), 30);
		try {
			const error = (await running.catch((failure: unknown) => failure)) as Error & { description?: string };
			expect(error.message).toBe('The download of v.mp4 was stopped');
			expect(error.description).toMatch(/Download operation with Export Job ID export_7/);
			expect(slow.destroyed).toBe(true);
		} finally {
			clearInterval(feeding);
		}
	});
});
