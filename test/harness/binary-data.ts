/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { Container } from './n8n-core-container';

let storagePath: string | undefined;
let ready: Promise<BinaryDataService> | undefined;

/**
 * BinaryDataService in filesystem mode over a fresh temp folder, as a default n8n install
 * runs it: `prepareBinaryData` with a stream writes to disk instead of holding base64 in the item.
 * Without `init()` n8n-core silently falls back to in-memory base64.
 */
export async function initBinaryDataService(): Promise<BinaryDataService> {
	ready ??= (async () => {
		storagePath = mkdtempSync(join(tmpdir(), 'harness-binary-'));
		const config = Container.get(BinaryDataConfig);
		config.mode = 'filesystem';
		config.localStoragePath = storagePath;
		const service = Container.get(BinaryDataService);
		await service.init();
		return service;
	})();
	return await ready;
}

export function removeBinaryDataStorage() {
	if (storagePath) rmSync(storagePath, { recursive: true, force: true });
}

function binaryOf(item: INodeExecutionData, property: string): IBinaryData {
	const binary = item.binary?.[property];
	if (!binary) {
		const present = Object.keys(item.binary ?? {}).join(', ') || 'none';
		throw new Error(`Item has no binary property "${property}" (present: ${present})`);
	}
	return binary;
}

/** The bytes of an item's binary property, read back through n8n's BinaryDataService. */
export async function readBinary(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const service = await initBinaryDataService();
	return await service.getAsBuffer(binaryOf(item, property));
}

/** Where filesystem mode stored the file; undefined when the data is inline base64. */
export async function binaryFilePath(item: INodeExecutionData, property = 'data'): Promise<string | undefined> {
	const service = await initBinaryDataService();
	const { id } = binaryOf(item, property);
	return id ? service.getPath(id) : undefined;
}
