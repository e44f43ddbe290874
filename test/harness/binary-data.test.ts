/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { randomBytes } from 'crypto';
import { statSync } from 'fs';

import { sha256 } from './fixtures/bytes';
import { sendJson, startLocalService } from './fixtures/local-service';
import type { LocalService } from './fixtures/local-service';
import { StreamDownload } from './fixtures/StreamDownload.node';
import { TagItems } from './fixtures/TagItems.node';
import { runWorkflow } from './index';

describe('binary data in filesystem mode', () => {
	const video = randomBytes(3 * 1024 * 1024 + 17);
	let service: LocalService;

	beforeAll(async () => {
		service = await startLocalService((request, res) => {
			if (request.url !== '/video.mp4') return sendJson(res, 404, {});
			res.writeHead(200, { 'content-type': 'video/mp4' });
			// Several chunks, so the download really arrives as a stream.
			for (let offset = 0; offset < video.length; offset += 256 * 1024) {
				res.write(video.subarray(offset, offset + 256 * 1024));
			}
			res.end();
		});
	});

	afterAll(async () => await service.close());

	it('streams a download to disk and reads it back byte-identical, also after the next node', async () => {
		const result = await runWorkflow({
			nodes: [
				{
					id: '1',
					name: 'Download',
					type: 'streamDownload',
					typeVersion: 1,
					position: [0, 0],
					parameters: { url: `${service.url}/video.mp4` },
				},
				{ id: '2', name: 'Tag', type: 'tagItems', typeVersion: 1, position: [0, 0], parameters: {} },
			],
			connections: { Download: { main: [[{ node: 'Tag', type: 'main', index: 0 }]] } },
			nodeTypes: { streamDownload: new StreamDownload(), tagItems: new TagItems() },
		});

		expect(result.status).toBe('success');
		const [item] = result.outputOf('Tag');
		const binary = item.binary!.data;
		expect(binary).toMatchObject({ mimeType: 'video/mp4', fileName: 'video.mp4', bytes: video.length });
		// Filesystem mode keeps only a reference in the item; the bytes are in a file.
		expect(binary.id).toMatch(/^filesystem-v2:/);
		expect(binary.data).toBe('filesystem-v2');
		const path = await result.binaryFilePath(item);
		expect(statSync(path!).size).toBe(video.length);
		expect(sha256(await result.binaryBuffer(item))).toBe(sha256(video));
	});
});
