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
 */
class MemoryDeduplicator implements IDataDeduplicator {
	private readonly seen = new Map<string, Set<string>>();

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
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		const values = this.bucket(scope, context);
		for (const item of items) values.delete(String(item));
	}

	async clearAllProcessedItems(scope: DeduplicationScope, context: ICheckProcessedContextData): Promise<void> {
		this.bucket(scope, context).clear();
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
	await DataDeduplicationService.init(new MemoryDeduplicator());
}
