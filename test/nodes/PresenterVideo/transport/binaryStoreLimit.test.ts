import { FileTooLargeError } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

import {
	forgetBinaryStore,
	noteStoredFile,
	oversizedBeforeStreaming,
	oversizedFromStoreError,
} from '../../../../nodes/PresenterVideo/transport/binaryStoreLimit';

const MIB = 1024 * 1024;
const stored = (id: string): IBinaryData => ({ id, data: '', mimeType: 'video/mp4' });
const refusal = (fileSizeMb: number, maxFileSizeMb: number) =>
	new FileTooLargeError({ fileSizeMb, maxFileSizeMb, fileId: 'f1', fileName: 'export_1.mp4' });

describe('binary store limit', () => {
	beforeEach(forgetBinaryStore);

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
