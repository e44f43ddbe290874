import { type INode, NodeOperationError } from 'n8n-workflow';

import { ProcessMemory } from '../transport/processMemory';
import type { JobKind, ServiceJob } from '../service/types';
import { neverReachedService, refusalStatus } from '../transport/errors';
import { MAX_RETENTION_HOURS } from './fields';
import type { KeyMemory } from './keyMemory';
import type { StartLedger } from './ledger';
import { TIMING } from '../timing';

/** What a start gave: the service's answer, or the job an earlier start created and why it is reused. */
export interface StartOutcome {
	jobId: string;
	/** The service's answer when this call sent the start. */
	start?: ServiceJob;
	reusedBy?: 'retry' | 'idempotencyKey';
}

/** The batch's memory of starts: the ledger, each item's key, and where keyed starts are shared. */
export interface StartRegister {
	ledger: StartLedger;
	idempotencyKey(itemIndex: number): string | undefined;
	/** Workflow, node and credential: keyed starts are shared by every execution with the same scope. */
	scope: string;
	/** Which keys started a job, across restarts, even where their job IDs are gone. */
	memory?: KeyMemory;
}

type SharedStart = { outcome: Promise<StartOutcome>; startedAt: number };

/** Static data is a copy per execution: an overlapping execution waits here for the first one's job id. */
const sharedStarts = new ProcessMemory<SharedStart>({
	maxEntries: TIMING.rememberedStarts,
	keepMs: MAX_RETENTION_HOURS * 60 * 60_000,
});

/** A 4xx answer (but a time-out), or no connection at all, means nothing was billed. */
function certainlyRefused(error: unknown): boolean {
	return neverReachedService(error) || refusalStatus(error) !== undefined;
}

function unknownOutcomeError(node: INode, kind: JobKind, itemIndex: number, key: string | undefined, reusedBy: string) {
	const which = key ? `with Idempotency Key "${key}"` : `of item ${itemIndex}`;
	const when = reusedBy === 'retry' ? 'An earlier try of this execution' : 'An earlier execution';
	const message = `The earlier ${kind} start ${which} got no answer, so it was not sent again`;
	const description = `${when} sent this start, but no job ID came back: it may have been billed. Check the service's dashboard for the job. To start anyway, use another Idempotency Key${key ? '' : ' or run the workflow again'}.`;
	return new NodeOperationError(node, message, { description, itemIndex });
}

/** Reuses the job of an earlier try, execution or item with the key; a claim whose outcome is unknown is kept. */
export async function startOnce(
	register: StartRegister,
	node: INode,
	kind: JobKind,
	itemIndex: number,
	/** Sends the start; calls `claim` right before the request goes out (not when it never does). */
	send: (claim: () => void) => Promise<ServiceJob>,
): Promise<StartOutcome> {
	const idempotencyKey = register.idempotencyKey(itemIndex);
	const slot = { kind, itemIndex, idempotencyKey };
	const flightKey = idempotencyKey ? JSON.stringify([register.scope, kind, idempotencyKey]) : undefined;
	// Nothing is awaited between this look-up and the registration below, so one start wins.
	const now = Date.now();
	const shared = flightKey ? sharedStarts.get(flightKey, now) : undefined;
	const leader = shared && now - shared.startedAt < register.ledger.retentionMs ? shared : undefined;
	if (leader) {
		const { jobId } = await leader.outcome;
		// This execution's copy of the static data may be saved last: it must hold the job too.
		register.ledger.confirm(slot, jobId);
		return { jobId, reusedBy: 'idempotencyKey' };
	}

	const prior = register.ledger.find(slot);
	if (prior?.state === 'started') return { jobId: prior.jobId, reusedBy: prior.reusedBy };
	if (prior?.state === 'unknown') throw unknownOutcomeError(node, kind, itemIndex, idempotencyKey, prior.reusedBy);

	const sending = (async (): Promise<StartOutcome> => {
		if (idempotencyKey) await register.memory?.startsAgain(kind, idempotencyKey);
		let claimed = false;
		const start = await send(() => {
			register.ledger.claim(slot);
			claimed = true;
		}).catch(async (error: unknown) => {
			// A start never sent or certainly refused billed nothing: the key may start again.
			const billedNothing = !claimed || certainlyRefused(error);
			if (claimed && billedNothing) register.ledger.release(slot);
			if (billedNothing && idempotencyKey) await register.memory?.forget(kind, idempotencyKey);
			if (billedNothing && flightKey) sharedStarts.delete(flightKey);
			return await Promise.reject(error);
		});
		if (typeof start?.job_id === 'string' && start.job_id !== '') register.ledger.confirm(slot, start.job_id);
		return { jobId: start?.job_id, start };
	})();
	if (flightKey) sharedStarts.set(flightKey, { outcome: sending, startedAt: Date.now() });
	return await sending;
}
