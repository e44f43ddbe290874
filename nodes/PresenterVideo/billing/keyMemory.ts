import type { DeduplicationItemTypes, IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../service/types';
import { TIMING } from '../timing';

/**
 * Which Idempotency Keys started a job, kept in n8n's de-duplication store (its database), which
 * keeps them across restarts for runs from the editor as for production runs. The job IDs live in
 * the workflow's static data, which n8n saves only after production runs: so after a restart, a key
 * that an editor run used is known here, its job ID is not, and the start goes out again. This
 * memory makes that visible in a hint instead of silent.
 *
 * n8n's store keeps hashes of values, without time: a value carries the retention window it was
 * started in, and a start within the retention lies in the current window or the one before it.
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

	/**
	 * Records that `key` is about to start a job, and tells whether it already started one within
	 * the retention whose job ID is no longer known. Without n8n's store (an older n8n, a workflow
	 * without an ID), nothing is recorded and the answer is false: the start must not fail for it.
	 */
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

	/**
	 * After a start that was never sent (a cancel stopped it while it waited for the rate limit) or
	 * that the service certainly refused: the key started nothing. What an earlier start recorded stays.
	 */
	async forget(kind: JobKind, key: string): Promise<void> {
		const slot = slotOf(kind, key);
		const values = this.added.get(slot) ?? [];
		this.added.delete(slot);
		this.forgotten.delete(slot);
		if (values.length === 0) return;
		const removal = this.inTurn(async () => await this.context.helpers.removeProcessed(values, 'node', STORE_OPTIONS));
		await removal.catch(() => undefined);
	}

	/** Runs `call` once this batch's earlier calls to the store are done. */
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
