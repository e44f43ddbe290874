/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { failMarker, type SandboxProfileName } from '../../../test/sandbox';
import { logProgress } from '../../n8n/progress-log';
import type { Execution, PublicApiClient } from '../../n8n/public-api';
import { PAUSE_HOLD_MS } from '../../../nodes/PresenterVideo/wait/pauseHold';
import { e2eSandboxOptions } from '../sandbox-settings';
import { afterName, doneName } from '../workflows/shapes';
import { executionSucceededThrough } from './execution-by-id';
import type { PauseTarget } from './paused-run';
import { clearRateWindow } from './rate-window';
import { underProfile } from './sandbox-profiles';
import { shapeCasesOn, type ShapeCase } from './shape-cases';
import { assertItemsSeen, assertResultsCarried, assertTaggedStarts, checkJobNode, type JobResult } from './shape-checks';
import { waitUntil } from './wait-until';
import { postToWebhook } from './webhook-call';

const failCode = 'VOICE_GENERATION_FAILED';

/** Where the shapes run: n8n's API, the sandbox, and the process that takes production webhooks. */
export type ShapeTarget = Pick<PauseTarget, 'api' | 'sandbox' | 'webhooks'>;

/** One shape's run once its checks passed: what a mode's own checks read further. */
export interface CheckedShape {
	shapeCase: ShapeCase;
	/** The execution the shape's start began. */
	execution: Execution;
	/** The execution that ran the job nodes: the child's for a sub-workflow. */
	withJobs: Execution;
	jobs: JobResult[];
}

const endedStatuses = new Set(['success', 'error', 'crashed', 'canceled']);

/** The `count` finished executions of a workflow started at or after `since`, oldest first. */
export async function finishedExecutions(api: PublicApiClient, workflowId: string, since: number, timeoutMs: number, count = 1): Promise<Execution[]> {
	const found = await waitUntil(
		`${count} execution(s) of ${workflowId} to end`,
		async () => {
			const ended = (await api.listExecutions({ workflowId, includeData: false })).filter(
				(execution) => Date.parse(execution.startedAt) >= since - 1_000 && endedStatuses.has(execution.status),
			);
			return ended.length >= count ? ended : undefined;
		},
		timeoutMs,
		1_000,
	);
	const oldestFirst = [...found].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
	return await Promise.all(oldestFirst.slice(0, count).map(async (execution) => await api.getExecution(execution.id, true)));
}

/**
 * The sub-workflow's executions as one: a caller that runs once for each item starts a child per
 * item, and each child's runs of a node are that node's turns, in order.
 */
function childRunsAsOne(children: Execution[]): Execution {
	const runData: Record<string, unknown[]> = {};
	for (const child of children) {
		for (const [nodeName, runs] of Object.entries(child.data?.resultData.runData ?? {})) {
			runData[nodeName] = [...(runData[nodeName] ?? []), ...(runs as unknown[])];
		}
	}
	const [first] = children;
	return { ...first, data: { ...first.data, resultData: { ...first.data?.resultData, runData } } } as Execution;
}

interface StartedShape {
	shapeCase: ShapeCase;
	tag: string;
	startedAt: number;
}

async function startShape({ webhooks }: ShapeTarget, shapeCase: ShapeCase, profile: SandboxProfileName): Promise<StartedShape> {
	const startedAt = Date.now();
	const tag = `${shapeCase.shape.path} ${profile} ${startedAt}`;
	const items = shapeCase.durations.map((duration, index) => ({ duration, note: index === shapeCase.failing ? failMarker(failCode) : undefined }));
	const answer = await postToWebhook(webhooks, shapeCase.shape.path, { tag, items });
	assert.equal(answer.status, 200, `${shapeCase.name}: webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
	return { shapeCase, tag, startedAt };
}

/** Every check of one shape; returns what the log line reports and what was checked. */
async function checkShape(
	{ api, sandbox }: ShapeTarget,
	{ shapeCase, tag, startedAt }: StartedShape,
): Promise<{ summary: string; checked: CheckedShape }> {
	const { shape } = shapeCase;
	const timeoutMs = 4 * 60_000;
	const [started] = await finishedExecutions(api, shape.workflow.id, startedAt, timeoutMs);
	const lastNode = Object.keys(shapeCase.after).at(-1) ?? doneName;
	const finished = started.status === 'success' ? await executionSucceededThrough(api, String(started.id), lastNode, 30_000) : started;
	assert.equal(finished.status, 'success', `execution ${finished.id}: ${finished.data?.resultData.error?.message ?? finished.status}`);
	const count = shapeCase.durations.length;
	const children = shape.childWorkflow
		? await finishedExecutions(api, shape.childWorkflow.id, startedAt, 30_000, shape.childCalls === 'each' ? count : 1)
		: [];
	children.forEach((child) => assert.equal(child.status, 'success', `sub-workflow execution ${child.id}: ${child.status}`));
	const withJobs = children.length > 0 ? childRunsAsOne(children) : finished;
	const tookMs = Date.parse(String(finished.stoppedAt)) - startedAt;

	assertTaggedStarts(sandbox, tag, count * shape.jobNodes.length);
	const jobs: JobResult[] = [];
	const lags: number[] = [];
	for (const nodeName of shape.jobNodes) {
		const checked = checkJobNode(sandbox, withJobs, nodeName, shapeCase);
		jobs.push(...checked.jobs);
		lags.push(...checked.lagsMs);
	}
	assert.equal(new Set(jobs.map((job) => job.jobId)).size, jobs.length, 'no job in two nodes');
	for (const [nodeName, items] of Object.entries(shapeCase.after)) {
		assertItemsSeen(nodeName === afterName && shape.childWorkflow ? withJobs : finished, nodeName, items);
	}
	if (shapeCase.resultsAt !== undefined) assertResultsCarried(finished, shapeCase.resultsAt, jobs);
	const resumes = lags.length ? `, went on ${lags.map((lag) => (lag / 1000).toFixed(1)).join('/')} s after the last callbacks` : '';
	return { summary: `${(tookMs / 1000).toFixed(1)} s, ${jobs.length} jobs${resumes}`, checked: { shapeCase, execution: finished, withJobs, jobs } };
}

export interface ShapeRunOptions {
	/** The shapes to run, of those the profile runs; all unless given. */
	only?: (shapeCase: ShapeCase) => boolean;
	/** A mode's own checks of each shape; returns what to add to its log line. */
	modeCheck?: (checked: CheckedShape) => string | undefined;
}

/**
 * Every shape's execution under one profile, side by side: the profile holds until the last of
 * them ends, as a loop starts jobs all along. Failures are gathered so one run names them all.
 */
export async function runShapes(target: ShapeTarget, profile: SandboxProfileName, options: ShapeRunOptions = {}): Promise<void> {
	const { only = () => true, modeCheck = () => undefined } = options;
	const { sandbox } = target;
	const cases = shapeCasesOn(profile).filter(only);
	// The resume lags are the node's alone in its workspace, not behind a budget sharing the window.
	clearRateWindow(sandbox);
	// Jobs that outlast the pause hold: a loop's later turns pause too, resumed by their own callbacks.
	sandbox.configure({ timings: { generationMs: PAUSE_HOLD_MS + 2_000 } });
	const outcomes = await underProfile(sandbox, profile, async () => {
		const started = await Promise.all(cases.map(async (shapeCase) => await startShape(target, shapeCase, profile)));
		return await Promise.allSettled(
			started.map(async (run) => {
				const { summary, checked } = await checkShape(target, run);
				const more = modeCheck(checked);
				return more === undefined ? summary : `${summary}; ${more}`;
			}),
		);
	}).finally(() => sandbox.configure({ timings: e2eSandboxOptions.timings }));
	const failures: string[] = [];
	outcomes.forEach((outcome, index) => {
		const { name } = cases[index];
		if (outcome.status === 'fulfilled') logProgress('shapes', `${profile}: ${name}: ${outcome.value}`);
		else failures.push(`${name}: ${(outcome.reason as Error).message}`);
	});
	if (failures.length > 0) assert.fail(`${profile}: ${failures.length} of ${cases.length} shapes failed:\n${failures.join('\n')}`);
}
