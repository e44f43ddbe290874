/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type { ServerResponse } from 'http';

import { useDatabaseBinaryMode } from '../../../harness';
import { startLocalService, type LocalService } from '../../../harness/fixtures/local-service';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { FAST_POLLING, FAST_TIMINGS, runPresenterVideo } from '../presenterVideoKit';

const MIB = 1024 * 1024;
// The stand-in for n8n's database mode refuses anything over 1 MiB here (n8n's default: 512).
const CAP_MIB = 1;

/** Serves `sizeMiB` of bytes with Content-Length; records whether each response was sent in full. */
function fileServer(finished: boolean[]) {
	return (request: { url: string }, res: ServerResponse) => {
		const sizeMiB = Number(/\/(\d+)mib\.mp4$/.exec(request.url)?.[1] ?? 0);
		const body = Buffer.alloc(sizeMiB * MIB, 1);
		res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(body.length) });
		const index = finished.push(false) - 1;
		res.on('finish', () => (finished[index] = true));
		res.end(body);
	};
}

describe('Create and Download with binary data in database mode', () => {
	let sandbox: Sandbox;
	let files: LocalService;
	const finished: boolean[] = [];
	let rows: Map<string, unknown>;

	beforeAll(async () => {
		rows = await useDatabaseBinaryMode(CAP_MIB);
		sandbox = await startSandbox(FAST_TIMINGS);
		files = await startLocalService(fileServer(finished));
	});

	afterAll(async () => {
		await files.close();
		await sandbox.close();
	});

	const download = async (sizeMiB: number) =>
		await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'download',
				downloadFrom: 'url',
				videoUrl: `${files.url}/${sizeMiB}mib.mp4`,
			},
		});

	it('Create stores the MP4 as a database row', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'create',
				inputMethod: 'prompt',
				prompt: 'A presenter explains the weekly numbers',
				duration: 10,
				downloadThumbnail: false,
				options: FAST_POLLING,
			},
		});
		expect(result.status).toBe('success');
		expect(result.output[0].binary?.data.id).toMatch(/^database:/);
	});

	it('fails a file over the cap with an error naming the limit and the fix, and stores nothing', async () => {
		const before = rows.size;
		const result = await download(3);
		expect(result.status).toBe('error');
		const error = result.errorOf('Presenter Video');
		expect(error?.message).toBe("3mib.mp4 (3 MiB) is larger than n8n's binary data limit of 1 MiB");
		expect(error?.description).toMatch(/N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE \(512 MiB unless set\)/);
		expect(error?.description).toMatch(/up to 1024/);
		expect(error?.description).toMatch(/N8N_DEFAULT_BINARY_DATA_MODE=filesystem/);
		expect(rows.size).toBe(before);
	});

	it('then refuses an announced size over that cap before reading the file', async () => {
		const result = await download(16);
		expect(result.errorOf('Presenter Video')?.message).toBe(
			"16mib.mp4 (16 MiB) is larger than n8n's binary data limit of 1 MiB",
		);
		// The transfer was cut off after the headers: the 16 MiB were never all sent.
		expect(finished.at(-1)).toBe(false);
	});

	it('still downloads a file under the cap', async () => {
		const result = await download(0);
		expect(result.status).toBe('success');
		expect(result.output[0].binary?.data.id).toMatch(/^database:/);
	});
});
