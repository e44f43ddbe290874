/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { randomUUID } from 'crypto';
import { readFile } from 'fs/promises';
import { Readable } from 'stream';

import { BinaryDataConfig, BinaryDataService, FileTooLargeError, type BinaryData } from 'n8n-core';

import { initBinaryDataService } from './binary-data';
import { Container } from './n8n-core-container';

interface StoredFile {
	data: Buffer;
	fileName?: string;
	mimeType?: string;
	executionId: string;
}

async function readAll(bufferOrStream: Buffer | Readable): Promise<Buffer> {
	if (Buffer.isBuffer(bufferOrStream)) return bufferOrStream;
	const chunks: Uint8Array[] = [];
	for await (const chunk of bufferOrStream) chunks.push(chunk as Uint8Array);
	return Buffer.concat(chunks);
}

/**
 * n8n's database binary-data manager (cli `binary-data/database.manager.js`, not published) with
 * a Map for the table: it reads the whole file into memory, then refuses it with n8n-core's
 * FileTooLargeError when it is over the cap, exactly as the real one does.
 */
class DatabaseManagerStandIn implements BinaryData.Manager {
	readonly rows = new Map<string, StoredFile>();

	constructor(private readonly config: BinaryDataConfig) {}

	async init() {}

	private async insert(location: BinaryData.FileLocation, data: Buffer, metadata: BinaryData.PreWriteMetadata) {
		const fileId = randomUUID();
		const fileSizeMb = data.length / (1024 * 1024);
		if (fileSizeMb > this.config.dbMaxFileSize) {
			throw new FileTooLargeError({
				fileSizeMb,
				maxFileSizeMb: this.config.dbMaxFileSize,
				fileId,
				fileName: metadata.fileName,
			});
		}
		const executionId = location.type === 'execution' ? location.executionId : '';
		this.rows.set(fileId, { data, fileName: metadata.fileName, mimeType: metadata.mimeType, executionId });
		return { fileId, fileSize: data.length };
	}

	async store(
		location: BinaryData.FileLocation,
		bufferOrStream: Buffer | Readable,
		metadata: BinaryData.PreWriteMetadata,
	) {
		return await this.insert(location, await readAll(bufferOrStream), metadata);
	}

	getPath(fileId: string) {
		return `database://${fileId}`;
	}

	private row(fileId: string): StoredFile {
		const row = this.rows.get(fileId);
		if (!row) throw new Error(`No binary row ${fileId}`);
		return row;
	}

	async getAsBuffer(fileId: string) {
		return this.row(fileId).data;
	}

	async getAsStream(fileId: string) {
		return Readable.from(this.row(fileId).data);
	}

	async getMetadata(fileId: string) {
		const { fileName, mimeType, data } = this.row(fileId);
		return { fileName, mimeType, fileSize: data.length };
	}

	async copyByFileId(targetLocation: BinaryData.FileLocation, sourceFileId: string) {
		const { data, fileName, mimeType } = this.row(sourceFileId);
		return (await this.insert(targetLocation, data, { fileName, mimeType })).fileId;
	}

	async copyByFilePath(
		targetLocation: BinaryData.FileLocation,
		sourcePath: string,
		metadata: BinaryData.PreWriteMetadata,
	) {
		return await this.insert(targetLocation, await readFile(sourcePath), metadata);
	}

	async rename(oldFileId: string, newFileId: string) {
		this.rows.set(newFileId, this.row(oldFileId));
		this.rows.delete(oldFileId);
	}
}

/**
 * Switches this test file's n8n-core to database binary mode (queue mode's default) with the
 * given cap in MiB; returns the stand-in table to count rows in.
 */
export async function useDatabaseBinaryMode(maxFileSizeMiB: number): Promise<Map<string, StoredFile>> {
	const service = await initBinaryDataService();
	const config = Container.get(BinaryDataConfig);
	config.mode = 'database';
	config.dbMaxFileSize = maxFileSizeMiB;
	await service.init();
	const manager = new DatabaseManagerStandIn(config);
	Container.get(BinaryDataService).setManager('database', manager);
	return manager.rows;
}
