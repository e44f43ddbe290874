/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { existsSync, readFileSync, writeFileSync } from 'fs';

import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

/**
 * n8n's de-duplication store in memory, in place of the cli's database-backed one: values seen
 * per workflow (scope 'workflow') or per workflow node (scope 'node'), 'entries' mode only.
 * With a file, it is kept there as n8n keeps it in its database: a process started later on the
 * same file (a restarted n8n) finds what an earlier one recorded.
 */
class MemoryDeduplicator implements IDataDeduplicator {
	private readonly seen = new Map<string, Set<string>>();

	constructor(private readonly file?: string) {
		if (file === undefined || !existsSync(file)) return;
		const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
		for (const [key, values] of Object.entries(saved)) this.seen.set(key, new Set(values));
	}

	private save(): void {
		if (this.file === undefined) return;
		const saved = Object.fromEntries([...this.seen].map(([key, values]) => [key, [...values]]));
		writeFileSync(this.file, JSON.stringify(saved));
	}

	private bucket(scope: DeduplicationScope, context: ICheckProcessedContextData): Set<string> {
		const key = scope === 'node' ? `${context.workflow.id}/${context.node?.id ?? ''}` : context.workflow.id;
		let values = this.seen.get(key);
		if (!values) this.seen.set(key, (values = new Set()));
		return values;
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<IDeduplicationOutput> {
		const values = this.bucket(scope, context);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			if (values.has(String(item))) output.processed.push(item);
			else {
				values.add(String(item));
				output.new.push(item);
			}
		}
		this.save();
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		const values = this.bucket(scope, context);
		for (const item of items) values.delete(String(item));
		this.save();
	}

	async clearAllProcessedItems(scope: DeduplicationScope, context: ICheckProcessedContextData): Promise<void> {
		this.bucket(scope, context).clear();
		this.save();
	}

	async getProcessedDataCount(scope: DeduplicationScope, context: ICheckProcessedContextData): Promise<number> {
		return this.bucket(scope, context).size;
	}
}

let initialized = false;

/** Once per module registry, as n8n's cli does at start-up. */
export async function initDeduplicationService(): Promise<void> {
	if (initialized) return;
	initialized = true;
	await DataDeduplicationService.init(new MemoryDeduplicator(process.env.HARNESS_DEDUPLICATION_FILE));
}
