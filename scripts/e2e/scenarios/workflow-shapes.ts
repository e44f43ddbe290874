/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { failMarker, type SandboxProfileName } from '../../../test/sandbox';
import { logProgress } from '../../n8n/progress-log';
import type { Execution, PublicApiClient } from '../../n8n/public-api';
import type { E2eContext, Scenario } from '../scenario';
import { executionSucceededThrough } from '../support/execution-by-id';
import { underProfile } from '../support/sandbox-profiles';
import { clearRateWindow } from '../support/rate-window';
import { assertItemsSeen, checkJobNode, taggedStartCount } from '../support/shape-checks';
import { waitUntil } from '../support/wait-until';
import { postToWebhook } from '../support/webhook-call';
import {
	afterName,
	afterWait,
	createLoop,
	doneName,
	errorOutput,
	failedName,
	ifLoop,
	ifLoopTurns,
	loopOfOne,
	loopOfTwo,
	mergedBranches,
	mergeName,
	type ShapeWorkflow,
	subWorkflow,
	succeededName,
	waitSeconds,
} from '../workflows/shapes';

const failCode = 'VOICE_GENERATION_FAILED';

/** One row of the table: a shape, the items it is started with, and what each node must show. */
interface ShapeCase {
	name: string;
	shape: ShapeWorkflow;
	durations: number[];
	/** Item indexes of each run of the job nodes. */
	runs: number[][];
	paused: boolean;
	/** Nodes after the job nodes, and how many items each must see over all its runs. */
	after: Record<string, number>;
	failing?: number;
	/** The profiles it runs under; both unless the service's code changes nothing for it. */
	profiles?: SandboxProfileName[];
}

const threeLengths = [10, 60, 90];
const fiveLengths = [10, 20, 30, 40, 50];
const each = (count: number) => Array.from({ length: count }, (_, index) => [index]);
const all = (count: number) => [Array.from({ length: count }, (_, index) => index)];

export const shapeCases: ShapeCase[] = [
	{ name: 'Loop Over Items, batch size 1, 3 items', shape: loopOfOne, durations: threeLengths, runs: each(3), paused: true, after: { [afterName]: 3, [doneName]: 3 } },
	{
		name: 'Loop Over Items, batch size 2, 5 items',
		shape: loopOfTwo,
		durations: fiveLengths,
		runs: [[0, 1], [2, 3], [4]],
		paused: true,
		after: { [afterName]: 5, [doneName]: 5 },
	},
	{ name: 'IF leading back into the node, 3 turns', shape: ifLoop, durations: threeLengths.slice(0, ifLoopTurns), runs: each(ifLoopTurns), paused: true, after: { [afterName]: 3, [doneName]: 1 } },
	{ name: 'inside a sub-workflow the parent waits for', shape: subWorkflow, durations: threeLengths, runs: all(3), paused: true, after: { [afterName]: 3, [doneName]: 3 } },
	{
		name: 'Retry On Fail and Continue (using error output), 1 job of 3 failing',
		shape: errorOutput,
		durations: threeLengths,
		runs: all(3),
		paused: true,
		failing: 0,
		// A failed job is a result, not an error of the node: nothing is retried, nothing takes the error output.
		after: { [failedName]: 0, [succeededName]: 3 },
	},
	{ name: 'two paused nodes on parallel branches, joined by a Merge', shape: mergedBranches, durations: threeLengths, runs: all(3), paused: true, after: { [mergeName]: 6, [doneName]: 6 } },
	{
		name: `after a Wait node (${waitSeconds} s, so n8n puts the execution into waiting)`,
		shape: afterWait,
		durations: [10, 60],
		runs: all(2),
		paused: true,
		after: { [afterName]: 2 },
		profiles: ['contract'],
	},
	{ name: 'Create (poll) inside Loop Over Items, 3 items', shape: createLoop, durations: threeLengths, runs: each(3), paused: false, after: { [afterName]: 3, [doneName]: 3 } },
];

const shapeWorkflows = shapeCases.map((shapeCase) => shapeCase.shape.workflow);
const childWorkflows = shapeCases.flatMap((shapeCase) => (shapeCase.shape.childWorkflow ? [shapeCase.shape.childWorkflow] : []));

const endedStatuses = new Set(['success', 'error', 'crashed', 'canceled']);

/** The finished execution of a workflow started at or after `since`. */
async function finishedExecution(api: PublicApiClient, workflowId: string, since: number, timeoutMs: number): Promise<Execution> {
	const found = await waitUntil(
		`an execution of ${workflowId} to end`,
		async () =>
			(await api.listExecutions({ workflowId, includeData: false })).find(
				(execution) => Date.parse(execution.startedAt) >= since - 1_000 && endedStatuses.has(execution.status),
			),
		timeoutMs,
		1_000,
	);
	return await api.getExecution(found.id, true);
}

interface StartedShape {
	shapeCase: ShapeCase;
	tag: string;
	startedAt: number;
}

async function startShape({ instance }: E2eContext, shapeCase: ShapeCase, profile: SandboxProfileName): Promise<StartedShape> {
	const startedAt = Date.now();
	const tag = `${shapeCase.shape.path} ${profile} ${startedAt}`;
	const items = shapeCase.durations.map((duration, index) => ({ duration, note: index === shapeCase.failing ? failMarker(failCode) : undefined }));
	const answer = await postToWebhook(instance, shapeCase.shape.path, { tag, items });
	assert.equal(answer.status, 200, `${shapeCase.name}: webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
	return { shapeCase, tag, startedAt };
}

/** Every check of one shape; returns what the log line reports. */
async function checkShape({ api, sandbox }: E2eContext, { shapeCase, tag, startedAt }: StartedShape): Promise<string> {
	const { shape } = shapeCase;
	const timeoutMs = 4 * 60_000;
	const started = await finishedExecution(api, shape.workflow.id, startedAt, timeoutMs);
	const lastNode = Object.keys(shapeCase.after).at(-1) ?? doneName;
	const finished = started.status === 'success' ? await executionSucceededThrough(api, String(started.id), lastNode, 30_000) : started;
	assert.equal(finished.status, 'success', `execution ${finished.id}: ${finished.data?.resultData.error?.message ?? finished.status}`);
	const withJobs = shape.childWorkflow ? await finishedExecution(api, shape.childWorkflow.id, startedAt, 30_000) : finished;
	const tookMs = Date.parse(String(finished.stoppedAt)) - startedAt;

	const count = shapeCase.durations.length;
	assert.equal(taggedStartCount(sandbox, tag), count * shape.jobNodes.length, 'one start per item and job node');
	const jobIds: string[] = [];
	const lags: number[] = [];
	for (const nodeName of shape.jobNodes) {
		const checked = checkJobNode(sandbox, withJobs, nodeName, shapeCase);
		jobIds.push(...checked.jobIds);
		lags.push(...checked.lagsMs);
	}
	assert.equal(new Set(jobIds).size, jobIds.length, 'no job in two nodes');
	for (const [nodeName, items] of Object.entries(shapeCase.after)) {
		assertItemsSeen(nodeName === afterName && shape.childWorkflow ? withJobs : finished, nodeName, items);
	}
	const resumes = lags.length ? `, went on ${lags.map((lag) => (lag / 1000).toFixed(1)).join('/')} s after the last callbacks` : '';
	return `${(tookMs / 1000).toFixed(1)} s, ${jobIds.length} jobs${resumes}`;
}

/**
 * Every shape's execution under one profile, side by side: the profile holds until the last of
 * them ends, as a loop starts jobs all along. Failures are gathered so one run names them all.
 */
async function runShapes(context: E2eContext, profile: SandboxProfileName): Promise<void> {
	const { sandbox } = context;
	const cases = shapeCases.filter((shapeCase) => (shapeCase.profiles ?? ['contract', 'code']).includes(profile));
	// The resume lags are the node's alone in its workspace, not behind a budget sharing the window.
	clearRateWindow(sandbox);
	const outcomes = await underProfile(sandbox, profile, async () => {
		const started = await Promise.all(cases.map(async (shapeCase) => await startShape(context, shapeCase, profile)));
		return await Promise.allSettled(started.map(async (run) => await checkShape(context, run)));
	});
	const failures: string[] = [];
	outcomes.forEach((outcome, index) => {
		const { name } = cases[index];
		if (outcome.status === 'fulfilled') logProgress('shapes', `${profile}: ${name}: ${outcome.value}`);
		else failures.push(`${name}: ${(outcome.reason as Error).message}`);
	});
	if (failures.length > 0) assert.fail(`${profile}: ${failures.length} of ${cases.length} shapes failed:\n${failures.join('\n')}`);
}

export const workflowShapesScenario: Scenario = {
	name: 'workflow shapes, contract',
	workflows: shapeWorkflows,
	subWorkflows: childWorkflows,
	run: (context) => runShapes(context, 'contract'),
};

/** Imports nothing: the contract's scenario holds the workflows, which `--only=shapes` selects with it. */
export const workflowShapesCodeScenario: Scenario = {
	name: 'workflow shapes, code',
	workflows: [],
	run: (context) => runShapes(context, 'code'),
};
