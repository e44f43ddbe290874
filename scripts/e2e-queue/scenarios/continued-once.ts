/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { logProgress } from '../../n8n/progress-log';
import { nodeOutputJson } from '../../n8n/public-api';
import { executionSucceededThrough } from '../../e2e/support/execution-by-id';
import { startTaggedRun } from '../../e2e/support/paused-run';
import { apiRequestsSince } from '../../e2e/support/sandbox-log';
import { waitUntil } from '../../e2e/support/wait-until';
import { deliveriesToExecution } from '../../e2e/support/webhook-deliveries';
import { e2eSandboxOptions } from '../../e2e/sandbox-settings';
import { nodeId } from '../../e2e/workflows/nodes';
import { recordedBatch, recordedBatchLastNode, recordedBatchNodeName } from '../recorded-workflows';
import { toFirst } from '../routing-policies';
import type { RoutingPolicy } from '../callback-router';
import type { QueueContext, QueueScenario } from '../queue-scenario';
import { queuePauseTarget } from './pause-target';
import { describeResumeFigures, holdNote, resumeFigures } from '../resume-timing';

const itemsPerExecution = 3;
/** Jobs of 2, 4 and 6 s: the last job's callback comes alone, seconds after the others. */
const timings = { generationMs: 2_000, referenceSeconds: 10 };
/** Executions started this far apart, so their callbacks interleave without a burst. */
const staggerMs = 1_500;
/** Quiet time after an execution's last delivery, for a second continuation to report its run. */
const quietMs = 4_000;

interface Outcome {
	executionId: string;
	/** Runs of the node after the paused one: 1 when the execution went on once. */
	runs: number;
}

async function oneExecution(context: QueueContext): Promise<Outcome> {
	const { api, sandbox, recorder } = context;
	const run = await startTaggedRun(
		queuePauseTarget(context),
		recordedBatch,
		sandbox.profile,
		itemsPerExecution,
		nodeId(recordedBatchNodeName),
	);
	const { executionId } = run.callback;
	const finished = await executionSucceededThrough(api, executionId, recordedBatchLastNode, 120_000);
	const outputs = nodeOutputJson(finished, recordedBatchNodeName);
	assert.deepEqual(
		outputs.map((output) => output.status),
		Array(itemsPerExecution).fill('completed'),
		`execution ${executionId}: every item completed`,
	);
	assert.equal(new Set(outputs.map((output) => output.jobId)).size, itemsPerExecution, 'one job per item');
	await waitUntil(
		`quiet after the deliveries of execution ${executionId}`,
		() => {
			const last = Math.max(...deliveriesToExecution(sandbox, executionId).map((delivery) => delivery.at));
			return Date.now() - last >= quietMs ? true : undefined;
		},
		60_000,
	);
	return { executionId, runs: recorder.runsOf(executionId).length };
}

/** The last job's deliveries to an execution as the processes answered them: "webhook 1 200 at 0 ms, …". */
function lastJobAnswers(context: QueueContext, executionId: string): string {
	const calls = context.cluster.router.forwarded.filter((call) =>
		call.path.startsWith(`/webhook-waiting/${executionId}/`),
	);
	const lastJob = calls.at(-1)?.jobId;
	const ofLast = calls.filter((call) => call.jobId === lastJob);
	const first = Math.min(...ofLast.map((call) => call.at));
	return ofLast.map((call) => `${call.target} ${call.status} at ${call.at - first} ms`).join(', ');
}

/** How each process answered the copies of each execution's last callback, e.g. "200+409". */
function answersToCopies(context: QueueContext, executionIds: string[]): string {
	const counts = new Map<string, number>();
	for (const executionId of executionIds) {
		const calls = context.cluster.router.forwarded.filter((call) =>
			call.path.startsWith(`/webhook-waiting/${executionId}/`),
		);
		const byCall = new Map<number, string[]>();
		for (const call of calls) byCall.set(call.call, [...(byCall.get(call.call) ?? []), String(call.status)]);
		for (const statuses of byCall.values()) {
			if (statuses.length < 2) continue;
			const key = statuses.sort().join('+');
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
	}
	return [...counts].map(([key, count]) => `${count}× ${key}`).join(', ') || 'none sent to both';
}

/**
 * `executions` paused batches of 3 jobs, their callbacks routed by `policy`; counts the executions
 * whose node after the paused one ran more than once. n8n 2.x resumes a waiting execution once (a
 * conditional update), and so does one webhook process on any version (the node handles the calls
 * about a batch in turn); 1.x with copies on several processes does not, and the figure is logged.
 */
export function continuedOnceScenario(name: string, policy: () => RoutingPolicy, executions: number): QueueScenario {
	// One webhook process sees every copy and handles them in turn: once on every n8n version.
	const spreadsCopies = policy() !== toFirst;
	return {
		name,
		timeoutMs: 10 * 60_000,
		async run(context) {
			const { sandbox, cluster, version, services } = context;
			const since = Date.now();
			sandbox.setCredits(sandbox.keys.main, 1_000_000);
			sandbox.configure({ timings });
			cluster.router.route(policy());
			let outcomes: Outcome[];
			try {
				outcomes = await Promise.all(
					Array.from({ length: executions }, async (_, index) => {
						await sleep(index * staggerMs);
						return await oneExecution(context);
					}),
				);
			} finally {
				cluster.router.route(toFirst);
				sandbox.configure({ timings: { ...e2eSandboxOptions.timings, referenceSeconds: 0 } });
			}
			const twice = outcomes.filter((outcome) => outcome.runs > 1);
			const calls = apiRequestsSince(sandbox, since).length / (executions * itemsPerExecution);
			logProgress(
				`queue once ${version}`,
				`${name}: ${twice.length} of ${executions} executions went on more than once` +
					`${twice.length > 0 ? ` (${twice.map((outcome) => `${outcome.executionId}: ${outcome.runs} runs`).join(', ')})` : ''}; ` +
					`${twice.length > 0 ? `execution ${twice[0].executionId}'s last callback: ${lastJobAnswers(context, twice[0].executionId)}; ` : ''}` +
					`copies sent to both processes answered ${answersToCopies(
						context,
						outcomes.map((outcome) => outcome.executionId),
					)}; ` +
					`${calls.toFixed(2)} API calls per item; ` +
					`${describeResumeFigures(resumeFigures(services, cluster.router.forwarded, since))} (${holdNote(version, String(itemsPerExecution))})`,
			);
			assert.ok(
				outcomes.every((outcome) => outcome.runs >= 1),
				'every execution ran the node after the paused one',
			);
			if (version.startsWith('2.') || !spreadsCopies) assert.deepEqual(twice, [], 'every execution went on once');
		},
	};
}
