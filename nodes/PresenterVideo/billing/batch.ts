import { type IDataObject, type IExecuteFunctions, type INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import { CODE_READING } from './estimate';
import type { ItemBilling } from './fields';
import { KeyMemory } from './keyMemory';
import { keyLeaders, StartLedger } from './ledger';
import { roundCredits } from './rules';
import type { StartRegister } from './startOnce';

/** The credit side of a batch of billed starts: the cap before, the ledger during, the hint after. */

/** The cap and the retention hold for the whole execution: the first item's values count. */
function batchSetting(billings: Array<ItemBilling | undefined>): ItemBilling | undefined {
	return billings.find((billing) => billing !== undefined);
}

/** What the batch's starts may cost (the guard's count) and will likely cost (shown). */
export interface BatchEstimate {
	guard: number;
	likely: number;
}

/** Max Credits is one cap for the execution: an item that maps another value would be silently ignored. */
function checkOneCap(context: IExecuteFunctions, billings: Array<ItemBilling | undefined>): number | undefined {
	const cap = batchSetting(billings)?.maxCredits;
	const itemIndex = billings.findIndex((billing) => billing !== undefined && billing.maxCredits !== cap);
	if (itemIndex === -1) return cap;
	throw new NodeOperationError(
		context.getNode(),
		`Max Credits per Execution: item ${itemIndex} gives ${billings[itemIndex]?.maxCredits ?? 'none'}, the first item ${cap ?? 'none'}`,
		{
			description:
				'Nothing was started. The cap holds for the whole execution: give every item the same Max Credits per Execution, for example a fixed number rather than an expression.',
			itemIndex,
		},
	);
}

/**
 * The batch's estimate, counting once the items that share an Idempotency Key. Over Max Credits
 * per Execution, or with a start whose cost nothing bounds, throws before anything is sent.
 */
export function guardBatchCredits(context: IExecuteFunctions, billings: Array<ItemBilling | undefined>): BatchEstimate {
	const leaders = keyLeaders(billings.map((billing) => billing?.idempotencyKey));
	const starting = billings.filter(
		(billing, itemIndex): billing is ItemBilling => billing !== undefined && leaders[itemIndex] === itemIndex,
	);
	const cap = checkOneCap(context, billings);
	const unbounded = starting.find((billing) => billing.unbounded !== undefined)?.unbounded;
	if (cap !== undefined && unbounded !== undefined) {
		throw new NodeOperationError(context.getNode(), `Max Credits per Execution cannot hold: ${unbounded.problem}`, {
			description: `Nothing was started. ${unbounded.fix}`,
		});
	}
	const estimate = {
		guard: totalCredits(starting),
		likely: totalCredits(starting.map((billing) => ({ credits: billing.likelyCredits }))),
	};
	const exceeded = checkCreditCap(estimate.guard, cap, starting.length);
	if (exceeded)
		throw new NodeOperationError(context.getNode(), exceeded.message, { description: exceeded.description });
	return estimate;
}

/** The key memory of each running batch, by its node's context: the hint after the batch reads it. */
const keyMemories = new WeakMap<IExecuteFunctions, KeyMemory>();

export function startRegister(context: IExecuteFunctions, billings: Array<ItemBilling | undefined>): StartRegister {
	const ledger = StartLedger.forNode(context, batchSetting(billings)?.retentionHours);
	const memory = new KeyMemory(context, ledger.retentionMs);
	keyMemories.set(context, memory);
	return {
		ledger,
		memory,
		idempotencyKey: (itemIndex) => billings[itemIndex]?.idempotencyKey,
		scope: JSON.stringify([
			context.getWorkflow().id ?? '',
			context.getNode().id,
			context.getNode().credentials?.presenterVideoApi?.id ?? '',
		]),
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
	estimate: BatchEstimate,
): void {
	let spent = 0;
	let unfinished = 0;
	outputs.forEach((items, itemIndex) => {
		const billing = billings[itemIndex];
		for (const item of items) {
			if (billing === undefined || item.json.error !== undefined) continue;
			item.json.estimatedCredits = billing.likelyCredits;
			// A job reused by key was paid for by an earlier execution.
			if (item.json.reusedJob === 'idempotencyKey') continue;
			const cost = actualCost(item.json);
			if (cost === undefined) unfinished++;
			else spent += cost;
		}
	});
	const forgottenKeys = keyMemories.get(context)?.hint();
	if (forgottenKeys) context.addExecutionHints({ message: forgottenKeys, location: 'outputPane' });
	context.addExecutionHints({
		message: creditsSpentHint(spent, estimate.likely, unfinished, {
			guard: estimate.guard,
			capSet: batchSetting(billings)?.maxCredits !== undefined,
		}),
		location: 'outputPane',
	});
}

export function totalCredits(estimates: ReadonlyArray<{ credits: number }>): number {
	return roundCredits(estimates.reduce((sum, estimate) => sum + estimate.credits, 0));
}

interface CreditCapExceeded {
	message: string;
	description: string;
}

/**
 * Undefined when the batch fits under the cap (or no cap is set); otherwise the error to throw
 * before any start is sent.
 */
export function checkCreditCap(
	estimatedTotal: number,
	maxCredits: number | undefined,
	startCount: number,
): CreditCapExceeded | undefined {
	if (maxCredits === undefined || estimatedTotal <= maxCredits) return undefined;
	const starts = startCount === 1 ? '1 start' : `${startCount} starts`;
	return {
		message: `Estimated cost of ${estimatedTotal} credits is over Max Credits per Execution (${maxCredits})`,
		description: `Nothing was started. The ${starts} of this execution could cost up to ${estimatedTotal} credits, counting what the node cannot know at its dearest and the dearer of the service's documented and actual rules. To run them, raise Max Credits per Execution (in the node's Options) to at least ${Math.ceil(estimatedTotal)}, or clear it to remove the cap; or send fewer or shorter videos.`,
	};
}

/** What Max Credits per Execution counted, worth naming only when a cap is set and it counted more than the estimate. */
interface CapCount {
	guard: number;
	capSet: boolean;
}

/** Text of the execution hint after a batch: what was spent against what was estimated, and what the cap counted. */
export function creditsSpentHint(
	spent: number,
	estimated: number,
	unfinished: number,
	cap: CapCount = { guard: estimated, capSet: false },
): string {
	const pending =
		unfinished === 0
			? ''
			: ` ${unfinished} job${unfinished === 1 ? ' has' : 's have'} not finished, so ${unfinished === 1 ? 'its' : 'their'} cost is not counted yet.`;
	const counted = cap.capSet && cap.guard !== estimated ? `; Max Credits counted up to ${roundCredits(cap.guard)}` : '';
	return `Credits spent: ${roundCredits(spent)} (estimated ${roundCredits(estimated)}, ${CODE_READING}${counted}).${pending}`;
}
