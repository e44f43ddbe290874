import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../service/types';
import { TIMING } from '../timing';

/**
 * Which job a start created, keyed by execution, run and item (Retry On Fail) or by Idempotency Key.
 * Kept in global static data under the node's id (a rename keeps it), saved as a production run ends;
 * overlapping executions each save their own copy (startOnce.ts covers them within one process).
 */

type StartSlot = { kind: JobKind; itemIndex: number; idempotencyKey?: string };

export type LedgerScope = { executionId: string; runIndex: number; now: number; retentionMs: number };

interface LedgerEntry extends IDataObject {
	/** Absent while the start request is on its way or its outcome is unknown. */
	jobId?: string;
	startedAt: number;
	executionId: string;
}

type PriorStart =
	| { state: 'started'; jobId: string; startedAt: number; reusedBy: 'retry' | 'idempotencyKey' }
	/** A start was sent but no job id came back: it may have been billed. */
	| { state: 'unknown'; startedAt: number; reusedBy: 'retry' | 'idempotencyKey' };

export const DEFAULT_RETENTION_HOURS = TIMING.startRetentionHours.default;

const LEDGER_FIELD = 'startLedger';
const RETRY_PREFIX = 'retry:';

export class StartLedger {
	private readonly entries: Record<string, LedgerEntry>;

	/** Whether `entries` is the object the static data holds, so a change is written in place. */
	private stored = false;

	constructor(
		private readonly store: IDataObject,
		private readonly scope: LedgerScope,
		private readonly field = LEDGER_FIELD,
	) {
		this.entries = StartLedger.livingEntries(store[field], scope);
		// Write only when something expired: an unchanged ledger must not rewrite the workflow row.
		const saved = store[field];
		const savedCount = typeof saved === 'object' && saved !== null ? Object.keys(saved).length : 0;
		if (Object.keys(this.entries).length !== savedCount) this.save();
	}

	static forNode(context: IExecuteFunctions, retentionHours = DEFAULT_RETENTION_HOURS): StartLedger {
		const store = context.getWorkflowStaticData('global');
		const field = `${LEDGER_FIELD}:${context.getNode().id}`;
		// Keys an earlier version kept under the node's name move to its id.
		const byName = context.getWorkflowStaticData('node');
		if (typeof byName[LEDGER_FIELD] === 'object' && byName[LEDGER_FIELD] !== null) {
			store[field] = { ...(byName[LEDGER_FIELD] as IDataObject), ...((store[field] as IDataObject) ?? {}) };
			delete byName[LEDGER_FIELD];
		}
		const scope = {
			executionId: context.getExecutionId(),
			runIndex: context.getWorkflowDataProxy(0).$runIndex,
			now: Date.now(),
			retentionMs: retentionHours * 3_600_000,
		};
		return new StartLedger(store, scope, field);
	}

	get retentionMs(): number {
		return this.scope.retentionMs;
	}

	/** The job an earlier try or an earlier start with the same key created, if any. */
	find(slot: StartSlot): PriorStart | undefined {
		const key = this.keyOf(slot);
		const entry = this.entries[key];
		if (entry === undefined) return undefined;
		const reusedBy = key.startsWith(RETRY_PREFIX) ? 'retry' : 'idempotencyKey';
		return entry.jobId === undefined
			? { state: 'unknown', startedAt: entry.startedAt, reusedBy }
			: { state: 'started', jobId: entry.jobId, startedAt: entry.startedAt, reusedBy };
	}

	/** Call right before the start request is sent. */
	claim(slot: StartSlot): void {
		this.entries[this.keyOf(slot)] = { startedAt: this.scope.now, executionId: this.scope.executionId };
		this.save();
	}

	/** Call as soon as the start response gives the job id. */
	confirm(slot: StartSlot, jobId: string): void {
		const key = this.keyOf(slot);
		const { now, executionId } = this.scope;
		this.entries[key] = { startedAt: this.entries[key]?.startedAt ?? now, executionId, jobId };
		this.save();
	}

	/** Call when the service certainly refused the start (a 4xx answer), so nothing was billed. */
	release(slot: StartSlot): void {
		delete this.entries[this.keyOf(slot)];
		this.save();
	}

	/** Call as execute() returns: no retry of this run can follow, so its retry entries go. */
	settle(): void {
		const prefix = `${RETRY_PREFIX}${this.scope.executionId}:${this.scope.runIndex}:`;
		const settled = Object.keys(this.entries).filter((key) => key.startsWith(prefix));
		if (settled.length === 0) return;
		for (const key of settled) delete this.entries[key];
		this.save();
	}

	private keyOf(slot: StartSlot): string {
		const key = slot.idempotencyKey?.trim();
		if (key) return `key:${slot.kind}:${key}`;
		const { executionId, runIndex } = this.scope;
		return `${RETRY_PREFIX}${executionId}:${runIndex}:${slot.itemIndex}:${slot.kind}`;
	}

	/**
	 * Assigned once: the static data stays marked changed until n8n saves it as the execution ends
	 * (`__dataChanged`, in n8n 2.41.1 and 1.123.81), so later edits of the same object are saved too.
	 * A copy on every claim would cost the square of a batch's starts.
	 */
	private save(): void {
		if (this.stored && this.store[this.field] === this.entries) return;
		this.store[this.field] = this.entries;
		this.stored = true;
	}

	/** Drops keyed entries past the retention and retry entries of other executions. */
	private static livingEntries(saved: unknown, scope: LedgerScope): Record<string, LedgerEntry> {
		const living: Record<string, LedgerEntry> = {};
		if (typeof saved !== 'object' || saved === null) return living;
		for (const [key, value] of Object.entries(saved as Record<string, LedgerEntry>)) {
			if (typeof value?.startedAt !== 'number') continue;
			const isRetry = key.startsWith(RETRY_PREFIX);
			const alive = isRetry ? value.executionId === scope.executionId : scope.now - value.startedAt < scope.retentionMs;
			if (alive) living[key] = { ...value };
		}
		return living;
	}
}

/** For each item, the first item with its Idempotency Key (itself without one): only these leaders start. */
export function keyLeaders(keys: ReadonlyArray<string | undefined>): number[] {
	const first = new Map<string, number>();
	return keys.map((raw, index) => {
		const key = raw?.trim();
		if (!key) return index;
		const leader = first.get(key);
		if (leader !== undefined) return leader;
		first.set(key, index);
		return index;
	});
}
