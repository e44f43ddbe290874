/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Sandbox } from '../../../test/sandbox';
import type { Execution } from '../../n8n/public-api';
import { nodeId } from '../workflows/nodes';
import { itemsOverRuns, nodeRuns } from './node-runs';
import { bodyField, generationStarts } from './sandbox-log';

/** How long after a pause's last callback its node may go on. */
export const resumeWithinMs = 5_000;

/** What one shape must show, per job node. */
export interface JobExpectations {
	/** Item indexes of each run of the node (a loop's turns), in order. */
	runs: number[][];
	/** The requested duration of each item: distinct, so a job's duration names its item. */
	durations: number[];
	/** The item whose job fails on purpose, if any. */
	failing?: number;
	paused: boolean;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** A job as an item carries it: Generate's simplified output, or Create's. */
export interface JobResult {
	jobId: string;
	status: unknown;
	videoId: unknown;
	cost: unknown;
}

export function jobResultOf(json: Record<string, unknown>): JobResult {
	return { jobId: String(json.jobId ?? json.generationJobId), status: json.status, videoId: json.videoId, cost: json.cost ?? json.generationCost };
}

const byJobId = (results: JobResult[]) => [...results].sort((a, b) => a.jobId.localeCompare(b.jobId));

/** Generation starts whose prompt carries the tag: `expected` of them, else each start's prompt and answer named. */
export function assertTaggedStarts(sandbox: Sandbox, tag: string, expected: number): void {
	const starts = generationStarts(sandbox.requests).filter((start) => String(bodyField(start, 'prompt')).startsWith(`${tag} `));
	const seen = starts.map((start) => `"${String(bodyField(start, 'prompt')).slice(tag.length + 1)}" answered ${start.status}`);
	assert.equal(starts.length, expected, `one start per item and job node: ${seen.join(', ')}`);
}

/**
 * When n8n last accepted a delivery for the job at the node's address before `before`, copies
 * included: the node cannot tell the last copy from a callback still to come.
 */
function lastAcceptedCallbackAt(sandbox: Sandbox, executionId: string, nodeName: string, jobId: string, before: number): number | undefined {
	const path = `/webhook-waiting/${executionId}/${nodeId(nodeName)}`;
	const accepted = sandbox.webhookDeliveries.filter(
		(delivery) => delivery.jobId === jobId && delivery.status === 200 && delivery.at <= before && new URL(delivery.url).pathname === path,
	);
	return accepted.length === 0 ? undefined : Math.max(...accepted.map((delivery) => delivery.at));
}

/**
 * The job node's runs: each run holds its own items' jobs (a job's duration is its item's, and no
 * job twice), all ended, none timed out; a paused run went on within `resumeWithinMs` of the last
 * delivery n8n accepted for its jobs before it went on. Returns the node's jobs and each run's resume lag (ms).
 */
export function checkJobNode(
	sandbox: Sandbox,
	execution: Execution,
	nodeName: string,
	expected: JobExpectations,
): { jobs: JobResult[]; lagsMs: number[] } {
	const runs = nodeRuns(execution, nodeName);
	assert.equal(runs.length, expected.runs.length, `"${nodeName}" ran once per turn`);
	const jobs: JobResult[] = [];
	const lagsMs: number[] = [];
	runs.forEach((run, turn) => {
		const items = run.outputs.flat().map((item) => item.json);
		const itemIndexes = expected.runs[turn];
		assert.equal(items.length, itemIndexes.length, `"${nodeName}" turn ${turn + 1}: one result per item`);
		// The contract's result names the video's length; the service's code gives none.
		if (items.every((json) => json.duration !== undefined)) {
			assert.deepEqual(
				sorted(items.map((json) => Number(json.duration))),
				sorted(itemIndexes.map((index) => expected.durations[index])),
				`"${nodeName}" turn ${turn + 1}: each item holds the job of its own length`,
			);
		}
		const failingCount = itemIndexes.filter((index) => index === expected.failing).length;
		assert.deepEqual(
			items.map((json) => json.status).sort(),
			[...Array(failingCount).fill('failed'), ...Array(items.length - failingCount).fill('completed')].sort(),
			`"${nodeName}" turn ${turn + 1}: every job ended`,
		);
		const runJobs = items.map(jobResultOf);
		runJobs.forEach(({ jobId, status, cost, videoId }, index) => {
			assert.equal(items[index].timedOut, undefined, `"${nodeName}" turn ${turn + 1}: job ${jobId} did not time out`);
			if (status === 'completed') assert.ok(Number(cost) > 0 && typeof videoId === 'string', `job ${jobId} has its cost and video`);
		});
		jobs.push(...runJobs);
		if (!expected.paused) return;
		const callbacks = runJobs.flatMap(({ jobId }) =>
			lastAcceptedCallbackAt(sandbox, String(execution.id), nodeName, jobId, run.startTime) ?? [],
		);
		assert.ok(callbacks.length > 0, `"${nodeName}" turn ${turn + 1}: n8n accepted a callback`);
		const lag = run.startTime - Math.max(...callbacks);
		assert.ok(
			lag <= resumeWithinMs,
			`"${nodeName}" turn ${turn + 1} went on ${(lag / 1000).toFixed(1)} s after its last callback, not within ${resumeWithinMs / 1000} s`,
		);
		lagsMs.push(lag);
	});
	const jobIds = jobs.map((job) => job.jobId);
	assert.equal(new Set(jobIds).size, jobIds.length, `"${nodeName}": no job in two items (${jobIds.join(', ')})`);
	return { jobs, lagsMs };
}

/** The items a node saw over all its runs, on its first output. */
export function assertItemsSeen(execution: Execution, nodeName: string, count: number): void {
	assert.equal(itemsOverRuns(execution, nodeName).length, count, `"${nodeName}" ran once per item`);
}

/** The items a node saw over all its runs are the jobs' results, each once, with its own status, video and cost. */
export function assertResultsCarried(execution: Execution, nodeName: string, jobs: JobResult[]): void {
	const seen = itemsOverRuns(execution, nodeName).map((item) => jobResultOf(item.json));
	assert.deepEqual(byJobId(seen), byJobId(jobs), `"${nodeName}" holds every job's own result once`);
}
