import { type IDataObject, type IExecuteFunctions, type INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import { CODE_READING } from './estimate';
import type { ItemBilling } from './fields';
import { KeyMemory } from './keyMemory';
import { keyLeaders, StartLedger } from './ledger';
import { roundCredits } from './rules';
import type { StartRegister } from './startOnce';

/** The credit side of a batch of billed starts: the cap before, the ledger during, the hint after. */

/** By item index; undefined for an item that failed or bills nothing. */
type Billings = Array<ItemBilling | undefined>;

/** The cap and the retention hold for the whole execution: the first item's values count. */
function batchSetting(billings: Billings): ItemBilling | undefined {
	return billings.find((billing) => billing !== undefined);
}

/** Without a cap, the most one item may cost: the longest prompt video (600 s). A script has no such bound. */
export const UNCAPPED_ITEM_CREDITS = 100;

/** Max Credits is one cap for the execution: an item that maps another value would be silently ignored. */
function checkOneCap(context: IExecuteFunctions, billings: Billings): number | undefined {
	const cap = batchSetting(billings)?.maxCredits;
	const itemIndex = billings.findIndex((billing) => billing !== undefined && billing.maxCredits !== cap);
	if (itemIndex === -1) return cap;
	const message = `Max Credits per Execution: item ${itemIndex} gives ${billings[itemIndex]?.maxCredits ?? 'none'}, the first item ${cap ?? 'none'}`;
	const description =
		'Nothing was started. The cap holds for the whole execution: give every item the same Max Credits per Execution, for example a fixed number rather than an expression.';
	throw new NodeOperationError(context.getNode(), message, { description, itemIndex });
}

/** Throws before anything is sent when the cap cannot hold or is exceeded. Items sharing a key count once. */
export function guardBatchCredits(context: IExecuteFunctions, billings: Billings): void {
	const leaders = keyLeaders(billings.map((billing) => billing?.idempotencyKey));
	const startingIndexes = billings.flatMap((billing, itemIndex) =>
		billing !== undefined && leaders[itemIndex] === itemIndex ? [itemIndex] : [],
	);
	const starting = startingIndexes.map((itemIndex) => billings[itemIndex] as ItemBilling);
	const cap = checkOneCap(context, billings);
	const unbounded = starting.find((billing) => billing.unbounded !== undefined)?.unbounded;
	if (cap !== undefined && unbounded !== undefined) {
		throw new NodeOperationError(context.getNode(), `Max Credits per Execution cannot hold: ${unbounded.problem}`, {
			description: `Nothing was started. ${unbounded.fix}`,
		});
	}
	const guard = totalCredits(starting);
	const exceeded =
		cap === undefined
			? checkUncappedItems(billings, startingIndexes, guard, unbounded)
			: checkCreditCap(guard, cap, starting.length);
	if (exceeded) {
		const { message, ...options } = exceeded;
		throw new NodeOperationError(context.getNode(), message, options);
	}
}

/** Without a cap: the first item estimated over UNCAPPED_ITEM_CREDITS, and what to set to run it. */
export function checkUncappedItems(
	billings: Billings,
	startingIndexes: number[],
	batchGuard: number,
	unbounded?: ItemBilling['unbounded'],
): CreditCapExceeded | undefined {
	const itemIndex = startingIndexes.find((index) => (billings[index]?.likely ?? 0) > UNCAPPED_ITEM_CREDITS);
	const billing = itemIndex === undefined ? undefined : billings[itemIndex];
	if (itemIndex === undefined || billing === undefined) return undefined;
	return {
		itemIndex,
		message: `Item ${itemIndex} would cost about ${roundCredits(billing.likely)} credits, more than an item may without Max Credits per Execution (${UNCAPPED_ITEM_CREDITS})`,
		description: `Nothing was started. The estimate counts ${billing.basis}, ${CODE_READING}. The service bounds a prompt's duration (600 s, ${UNCAPPED_ITEM_CREDITS} credits) but not a script's length or the number of animated images, and bills whatever it accepts. ${
			unbounded === undefined
				? `To run it, add Max Credits per Execution in the node's Options and set it to at least ${Math.ceil(batchGuard)}: the cap counts every item, and what the node cannot know at its dearest.`
				: `To run it, first give its cost a bound (${unbounded.problem}), then add Max Credits per Execution in the node's Options.`
		} Or ask for less: a shorter script or video, fewer animated images.`,
	};
}

/** The key memory of each running batch, by its node's context: the hint after the batch reads it. */
const keyMemories = new WeakMap<IExecuteFunctions, KeyMemory>();

export function startRegister(context: IExecuteFunctions, billings: Billings): StartRegister {
	const ledger = StartLedger.forNode(context, batchSetting(billings)?.retentionHours);
	const memory = new KeyMemory(context, ledger.retentionMs);
	keyMemories.set(context, memory);
	const node = context.getNode();
	return {
		ledger,
		memory,
		idempotencyKey: (itemIndex) => billings[itemIndex]?.idempotencyKey,
		scope: JSON.stringify([context.getWorkflow().id ?? '', node.id, node.credentials?.presenterVideoApi?.id ?? '']),
	};
}

function actualCost(json: IDataObject): number | undefined {
	const result = json.result as IDataObject | undefined;
	const cost = json.totalCost ?? json.cost ?? result?.cost;
	return typeof cost === 'number' ? cost : undefined;
}

/** What a batch's items say about credits once it returns: the service's figures, and estimates where it has none yet. */
export interface CreditTally {
	/** What the service reported for the jobs that ended, summed. */
	billed: number;
	finished: number;
	unfinished: number;
	/** The estimate of the unfinished items, as `estimatedCredits` shows it. */
	pendingEstimate: number;
	/** Jobs taken over by Idempotency Key: an earlier execution paid for them. */
	reused: number;
}

export function settleCredits(context: IExecuteFunctions, outputs: INodeExecutionData[][], billings: Billings): void {
	const tally: CreditTally = { billed: 0, finished: 0, unfinished: 0, pendingEstimate: 0, reused: 0 };
	outputs.forEach((items, itemIndex) => {
		const billing = billings[itemIndex];
		for (const item of items) {
			if (billing === undefined || item.json.error !== undefined) continue;
			item.json.estimatedCredits = billing.likely;
			if (item.json.reusedJob === 'idempotencyKey') {
				tally.reused++;
				continue;
			}
			const cost = actualCost(item.json);
			if (cost === undefined) {
				tally.unfinished++;
				tally.pendingEstimate += billing.likely;
			} else {
				tally.finished++;
				tally.billed += cost;
			}
		}
	});
	const forgottenKeys = keyMemories.get(context)?.hint();
	if (forgottenKeys) context.addExecutionHints({ message: forgottenKeys, location: 'outputPane' });
	context.addExecutionHints({ message: creditsHint(tally), location: 'outputPane' });
}

function counted(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** What the service billed for finished jobs; for jobs still running, their estimate, said to be one. */
export function creditsHint({ billed, finished, unfinished, pendingEstimate, reused }: CreditTally): string {
	const parts: string[] = [];
	if (finished > 0 || unfinished === 0) {
		const scope = unfinished > 0 ? ' so far' : '';
		const source =
			finished > 0
				? `, as the service reported for ${finished === 1 ? 'the finished job' : `the ${finished} finished jobs`} (cost or totalCost in the output)`
				: '';
		parts.push(`Credits billed${scope}: ${roundCredits(billed)}${source}.`);
	}
	if (unfinished > 0) {
		parts.push(
			`${counted(unfinished, 'job')} still running: estimated ${roundCredits(pendingEstimate)} credits more (estimatedCredits in the output, ${CODE_READING}); the service reports the cost when a job ends.`,
		);
	}
	if (reused > 0)
		parts.push(
			`${counted(reused, 'job')} reused by Idempotency Key ${reused === 1 ? 'was' : 'were'} paid for by an earlier run.`,
		);
	return parts.join(' ');
}

export function totalCredits(estimates: ReadonlyArray<{ credits: number }>): number {
	return roundCredits(estimates.reduce((sum, estimate) => sum + estimate.credits, 0));
}

type CreditCapExceeded = { message: string; description: string; itemIndex?: number };

/** The error to throw before any start is sent when the batch is over the cap; undefined when it fits or no cap is set. */
export function checkCreditCap(
	estimatedTotal: number,
	maxCredits: number | undefined,
	startCount: number,
): CreditCapExceeded | undefined {
	if (maxCredits === undefined || estimatedTotal <= maxCredits) return undefined;
	return {
		message: `Estimated cost of ${estimatedTotal} credits is over Max Credits per Execution (${maxCredits})`,
		description: `Nothing was started. The ${counted(startCount, 'start')} of this execution could cost up to ${estimatedTotal} credits, counting what the node cannot know at its dearest and the dearer of the service's documented and actual rules. To run them, raise Max Credits per Execution (in the node's Options) to at least ${Math.ceil(estimatedTotal)}, or clear it to remove the cap; or send fewer or shorter videos.`,
	};
}
