import { type INode, NodeOperationError } from 'n8n-workflow';

import type { JobKind, ServiceJob } from '../service/types';
import type { StartLedger } from './ledger';

/** What a start gave: the service's answer, or the job an earlier start created and why it is reused. */
export interface StartOutcome {
	jobId: string;
	/** The service's answer when this call sent the start. */
	start?: ServiceJob;
	reusedBy?: 'retry' | 'idempotencyKey';
}

/** The batch's memory of starts: the ledger, each item's key, and keyed starts still on their way. */
export interface StartRegister {
	ledger: StartLedger;
	idempotencyKey(itemIndex: number): string | undefined;
	/** Keyed starts of this batch, by kind and key: items repeating a key wait for the first one's job. */
	inFlight: Map<string, Promise<StartOutcome>>;
}

/** A 4xx answer (but a time-out) means the service refused the start: nothing was billed. */
function certainlyRefused(error: unknown): boolean {
	const code = Number((error as { httpCode?: unknown }).httpCode);
	return code >= 400 && code < 500 && code !== 408;
}

function unknownOutcomeError(node: INode, kind: JobKind, itemIndex: number, key: string | undefined, reusedBy: string) {
	const which = key ? `with Idempotency Key "${key}"` : `of item ${itemIndex}`;
	const when = reusedBy === 'retry' ? 'An earlier try of this execution' : 'An earlier execution';
	return new NodeOperationError(node, `The earlier ${kind} start ${which} got no answer, so it was not sent again`, {
		description: `${when} sent this start, but no job ID came back: it may have been billed. Check the service's dashboard for the job. To start anyway, use another Idempotency Key${key ? '' : ' or run the workflow again'}.`,
		itemIndex,
	});
}

/**
 * Sends a billed start at most once per item and key: a job that an earlier try, an earlier execution
 * with the same Idempotency Key, or an earlier item of this batch with that key created is reused.
 * The ledger claims the start before it is sent and keeps the claim when its outcome is unknown.
 */
export async function startOnce(
	register: StartRegister,
	node: INode,
	kind: JobKind,
	itemIndex: number,
	/** Sends the start; calls `claim` right before the request goes out (not when it never does). */
	send: (claim: () => void) => Promise<ServiceJob>,
): Promise<StartOutcome> {
	const idempotencyKey = register.idempotencyKey(itemIndex);
	const flightKey = idempotencyKey ? `${kind}:${idempotencyKey}` : undefined;
	const leader = flightKey ? register.inFlight.get(flightKey) : undefined;
	if (leader) {
		const { jobId } = await leader;
		return { jobId, reusedBy: 'idempotencyKey' };
	}

	const slot = { kind, itemIndex, idempotencyKey };
	const prior = register.ledger.find(slot);
	if (prior?.state === 'started') return { jobId: prior.jobId, reusedBy: prior.reusedBy };
	if (prior?.state === 'unknown') throw unknownOutcomeError(node, kind, itemIndex, idempotencyKey, prior.reusedBy);

	const sending = (async (): Promise<StartOutcome> => {
		let claimed = false;
		const start = await send(() => {
			register.ledger.claim(slot);
			claimed = true;
		}).catch(async (error: unknown) => {
			if (claimed && certainlyRefused(error)) register.ledger.release(slot);
			return await Promise.reject(error);
		});
		if (typeof start?.job_id === 'string' && start.job_id !== '') register.ledger.confirm(slot, start.job_id);
		return { jobId: start?.job_id, start };
	})();
	if (flightKey) register.inFlight.set(flightKey, sending);
	return await sending;
}
