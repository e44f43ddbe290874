import type { DeduplicationItemTypes, IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../service/types';
import { TIMING } from '../timing';

/**
 * n8n's de-duplication store outlives restarts for editor runs too, unlike static data (the job IDs):
 * a key that starts again becomes a hint. The store keeps hashes without time, so a value carries
 * its retention window; a start within the retention lies in this window or the one before.
 */

/** The store writes one list per node; the newest entries are kept. */
const STORE_OPTIONS = { mode: 'entries', maxEntries: TIMING.rememberedStarts } as const;

/** One start's place in this batch's memory: Create starts a generation and an export with one key. */
function slotOf(kind: JobKind, key: string): string {
	return JSON.stringify([kind, key]);
}

export class KeyMemory {
	/** Keys whose job ID was gone, by slot. */
	private readonly forgotten = new Map<string, string>();

	/** The values each kind and key added to the store in this batch: only those are taken back. */
	private readonly added = new Map<string, DeduplicationItemTypes[]>();

	/** n8n's store reads, then writes its list without a lock: this batch's calls go one by one. */
	private queue: Promise<unknown> = Promise.resolve();

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly retentionMs: number,
		private readonly now = () => Date.now(),
	) {}

	/** Whether `key` started a job within the retention whose ID is gone; without n8n's store, false, not a failure. */
	async startsAgain(kind: JobKind, key: string): Promise<boolean> {
		const window = Math.floor(this.now() / this.retentionMs);
		const values = [this.valueOf(kind, key, window), this.valueOf(kind, key, window - 1)];
		try {
			const recorded = await this.inTurn(
				async () => await this.context.helpers.checkProcessedAndRecord(values, 'node', STORE_OPTIONS),
			);
			this.added.set(slotOf(kind, key), recorded.new);
			if (recorded.processed.length === 0) return false;
			this.forgotten.set(slotOf(kind, key), key);
			return true;
		} catch {
			return false;
		}
	}

	/** After a start never sent or certainly refused; what an earlier start recorded stays. */
	async forget(kind: JobKind, key: string): Promise<void> {
		const slot = slotOf(kind, key);
		const values = this.added.get(slot) ?? [];
		this.added.delete(slot);
		this.forgotten.delete(slot);
		if (values.length === 0) return;
		const removal = this.inTurn(async () => await this.context.helpers.removeProcessed(values, 'node', STORE_OPTIONS));
		await removal.catch(() => undefined);
	}

	private async inTurn<T>(call: () => Promise<T>): Promise<T> {
		const turn = this.queue.then(call);
		this.queue = turn.catch(() => undefined);
		return await turn;
	}

	/** The hint for the output pane once the batch is done, if a key's job ID was gone. */
	hint(): string | undefined {
		const keys = [...new Set(this.forgotten.values())];
		if (keys.length === 0) return undefined;
		const which = keys.length === 1 ? 'Idempotency Key' : 'Idempotency Keys';
		return `${which} ${keys.map((key) => `"${key}"`).join(', ')} started a job within the retention, but n8n no longer holds that job's ID, so a new job was started and billed. Job IDs are kept in the workflow's static data, which n8n saves only after production runs (an active workflow), not after runs from the editor, which keep them only until n8n restarts.`;
	}

	private valueOf(kind: JobKind, key: string, window: number): string {
		return JSON.stringify([kind, key, this.retentionMs, window]);
	}
}
