import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { checkCreditCap, creditsSpentHint, totalCredits } from '../helpers/credits/creditCap';
import { keyLeaders, StartLedger } from '../helpers/ledger/startLedger';
import type { StartRegister } from '../helpers/ledger/startOnce';
import type { ItemBilling } from './video/billingFields';

/** The credit side of a batch of billed starts: the cap before, the ledger during, the hint after. */

/** The cap and the retention hold for the whole execution: the first item's values count. */
function batchSetting(billings: Array<ItemBilling | undefined>): ItemBilling | undefined {
	return billings.find((billing) => billing !== undefined);
}

/**
 * The batch's estimate, counting once the items that share an Idempotency Key. Over Max Credits
 * per Execution, throws before anything is sent.
 */
export function guardBatchCredits(context: IExecuteFunctions, billings: Array<ItemBilling | undefined>): number {
	const leaders = keyLeaders(billings.map((billing) => billing?.idempotencyKey));
	const starting = billings.filter(
		(billing, itemIndex): billing is ItemBilling => billing !== undefined && leaders[itemIndex] === itemIndex,
	);
	const estimate = totalCredits(starting);
	const exceeded = checkCreditCap(estimate, batchSetting(billings)?.maxCredits, starting.length);
	if (exceeded)
		throw new NodeOperationError(context.getNode(), exceeded.message, { description: exceeded.description });
	return estimate;
}

export function startRegister(context: IExecuteFunctions, billings: Array<ItemBilling | undefined>): StartRegister {
	return {
		ledger: StartLedger.forNode(context, batchSetting(billings)?.retentionHours),
		idempotencyKey: (itemIndex) => billings[itemIndex]?.idempotencyKey,
		inFlight: new Map(),
	};
}

function actualCost(json: IDataObject): number | undefined {
	const result = json.result as IDataObject | undefined;
	const cost = json.totalCost ?? json.cost ?? result?.cost;
	return typeof cost === 'number' ? cost : undefined;
}

/** Puts each item's own estimate on its output, and sums what the finished jobs actually cost. */
export function settleCredits(
	context: IExecuteFunctions,
	outputs: INodeExecutionData[][],
	billings: Array<ItemBilling | undefined>,
	estimate: number,
): void {
	let spent = 0;
	let unfinished = 0;
	outputs.forEach((items, itemIndex) => {
		const billing = billings[itemIndex];
		for (const item of items) {
			if (billing === undefined || item.json.error !== undefined) continue;
			item.json.estimatedCredits = billing.credits;
			// A job reused by key was paid for by an earlier execution.
			if (item.json.reusedJob === 'idempotencyKey') continue;
			const cost = actualCost(item.json);
			if (cost === undefined) unfinished++;
			else spent += cost;
		}
	});
	context.addExecutionHints({ message: creditsSpentHint(spent, estimate, unfinished), location: 'outputPane' });
}
