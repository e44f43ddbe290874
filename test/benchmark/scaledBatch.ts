/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * What bench:scale and bench:queue share: N Create items (generate, export, download), or N
 * Generate items paused until the service calls back, against the sandbox with the service's
 * limiter (100 requests per 60 s per workspace, refused ones counted), in a process whose clock
 * runs 1 / SCALE times faster than the wall (the harness's service time): the sandbox's window and
 * job times, and the node's window and polling schedule, keep their ratios with nothing in the node
 * told so. Figures are in wall time. Uses the built node in dist/, as n8n loads it.
 *
 * uniform: every row asks for a 30-second video (3 minutes to generate, 1 to export).
 * mixed: a spreadsheet's mix, seeded: each row asks for 15-120 seconds, and its jobs take time in
 * proportion (6 s to generate and 2 s to export per second of video).
 *
 * Physical limit: max(longest job chain + detection, API calls / budget), where a chain is one
 * generation then one export, detection is the service's recommended polling interval at the
 * moment each job ends (10 s for a 3-minute generation, 5 s for a 1-minute export), and the budget
 * is 100 calls per window.
 * Paused (Generate waiting for the service's callback): the chain is the longest generation, and
 * detection is the callback itself.
 *
 * Schedule floor: a bound no client can beat, even one that knows every job's time. Item i's
 * generation cannot end before its time g(i), so its status read, its export start and (after
 * e(i) more) its export's read all come at or after g(i). When c calls must come at or after t, the
 * window lets 100 of them through at t, 100 more a window later, and so on: the last is at
 * t + floor((c - 1) / 100) windows. The floor is the latest such moment over every t.
 *
 * Polling floor: the schedule floor of a client that learns when jobs end by reading them on the
 * service's recommended schedule. Its read one polling step before the first generation ends
 * finds that job still running, and that read counts in the window too: when c calls must come
 * after it, the last comes a whole number of windows after it, as above.
 */

import { join } from 'path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runServiceTimeFaster } from '../harness/service-time';
import { CREATE_FROM_TOPIC, topicItems } from '../nodes/PresenterVideo/createBatch';
import { peakInAnyWindow, startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import type { BuiltNodeRun } from './benchKit';

/** 60 s of the service's time pass in 1.2 s. */
export const SCALE = 1 / 50;
export const LIMIT = 100;
export const WINDOW_MS = 60_000 * SCALE;
/** Assumed real times: three minutes to generate a 30-second video, one to export it. */
const REFERENCE_SECONDS = 30;
const GENERATION_MS = 180_000 * SCALE;
const EXPORT_MS = 60_000 * SCALE;
const MIXED_SECONDS = { least: 15, most: 120, seed: 20_260_101 };

export type BatchMode = 'uniform' | 'mixed';

export function batchMode(value = 'uniform'): BatchMode {
	if (value !== 'uniform' && value !== 'mixed') throw new Error('The mode is uniform or mixed');
	return value;
}

/** A small seeded generator (mulberry32), so every mixed run asks for the same lengths. */
function seededRandom(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

/** The video length each row asks for. */
export function requestedSeconds(itemCount: number, mode: BatchMode): number[] {
	if (mode === 'uniform') return Array.from({ length: itemCount }, () => REFERENCE_SECONDS);
	const random = seededRandom(MIXED_SECONDS.seed);
	const span = MIXED_SECONDS.most - MIXED_SECONDS.least + 1;
	return Array.from({ length: itemCount }, () => MIXED_SECONDS.least + Math.floor(random() * span));
}

/** The Create parameters every row runs with: its topic and its length come from the item. */
export const CREATE_ROW = { ...CREATE_FROM_TOPIC, duration: '={{ $json.duration }}' };

/** How a batch waits: Create polling, or Generate paused until the service calls back. */
export type BatchWait = 'poll' | 'pause';

export function batchWait(value = 'poll'): BatchWait {
	if (value !== 'poll' && value !== 'pause') throw new Error('The wait is poll or pause');
	return value;
}

/** The Generate parameters a paused row runs with (Create has no pause mode). */
export const PAUSED_ROW = { ...CREATE_ROW, operation: 'generate', waitForCompletion: 'callback' };

/** One item a row: "Topic 0", "Topic 1", …, each with its length. */
export function batchItems(seconds: number[]): INodeExecutionData[] {
	return topicItems(seconds.length).map((item, index) => ({ json: { ...item.json, duration: seconds[index] } }));
}

type JobKindsModule = typeof import('../../nodes/PresenterVideo/service/jobKinds');

/** Where the service's clock began, shared with the worker processes this one starts. */
const ORIGIN_VARIABLE = 'BENCH_SERVICE_TIME_ORIGIN';

/** Wall ms of a span measured on the service's clock. */
export function wallMsOf(serviceMs: number): number {
	return serviceMs * SCALE;
}

/** Runs this process on the service's clock, 1 / SCALE times the wall; returns the built node's polling schedule. */
export async function useScaledServiceTime(): Promise<JobKindsModule> {
	process.env[ORIGIN_VARIABLE] ??= String(Date.now());
	runServiceTimeFaster(1 / SCALE, Number(process.env[ORIGIN_VARIABLE]));
	return (await import(join(__dirname, '../../dist/nodes/PresenterVideo/service/jobKinds.js'))) as JobKindsModule;
}

/** The sandbox with the service's limiter and job times, both time-scaled, answering as `profile` says. */
export async function startScaledSandbox(profile: 'contract' | 'code' = 'contract'): Promise<Sandbox> {
	return await startSandbox({
		profile,
		timings: { generationMs: GENERATION_MS / SCALE, exportMs: EXPORT_MS / SCALE, referenceSeconds: REFERENCE_SECONDS },
		rateLimit: { limit: LIMIT, windowMs: WINDOW_MS / SCALE },
		initialCredits: 1_000_000,
	});
}

/** n8n-core's first run sets itself up; an input refused before any request keeps that out of what is measured. */
export async function warmUp(runBuiltNode: BuiltNodeRun): Promise<void> {
	await runBuiltNode({ resource: 'video', operation: 'create', inputMethod: 'prompt', prompt: 'x', duration: 1 });
}

/** A video's job times: in proportion to its length. */
function jobTimes(videoSeconds: number): { generationMs: number; exportMs: number } {
	return {
		generationMs: (GENERATION_MS * videoSeconds) / REFERENCE_SECONDS,
		exportMs: (EXPORT_MS * videoSeconds) / REFERENCE_SECONDS,
	};
}

/**
 * When each item's calls can come at the earliest: a Create's start at 0, its next two calls
 * after g, its last after g + e; a paused generation's start at 0 and its one read after g.
 */
function earliestCallMoments(jobs: Array<{ generationMs: number; exportMs: number }>, wait: BatchWait): number[] {
	if (wait === 'pause') return jobs.flatMap(({ generationMs }) => [0, generationMs]);
	return jobs.flatMap(({ generationMs, exportMs }) => [0, generationMs, generationMs, generationMs + exportMs]);
}

/** The earliest the last of `calls` calls, all at or after `t`, can come: 100 a window. */
function lastCallAt(t: number, calls: number): number {
	return t + Math.floor((calls - 1) / LIMIT) * WINDOW_MS;
}

/** The schedule floor (see above). */
function scheduleFloorMs(jobs: Array<{ generationMs: number; exportMs: number }>, wait: BatchWait): number {
	const moments = earliestCallMoments(jobs, wait);
	return Math.max(...moments.map((t) => lastCallAt(t, moments.filter((moment) => moment >= t).length)));
}

/**
 * The polling floor (see above): the read one polling step before the first generation ends finds
 * it running, and every call that must come after that read comes after it too.
 */
function pollingFloorMs(
	jobs: Array<{ generationMs: number; exportMs: number }>,
	pollStepMs: (elapsedMs: number) => number,
	scheduleFloor: number,
): number {
	const firstEnd = Math.min(...jobs.map((job) => job.generationMs));
	const runningRead = firstEnd - pollStepMs(firstEnd);
	const callsFromThere = earliestCallMoments(jobs, 'poll').filter((moment) => moment >= runningRead).length + 1;
	return Math.max(scheduleFloor, lastCallAt(runningRead, callsFromThere));
}

/** A job id as the sandbox makes them, wherever a text names one. */
const JOB_ID = /\b(?:run|export)_[0-9a-f]+\b/g;

/** How many times each value occurs. */
export function countBy(values: string[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
	return counts;
}

/** A request's path with its job id as `:id`, so that calls add up by endpoint. */
function pathOf(request: { path: string }): string {
	return request.path.replace(/\/(?:run|export)_[0-9a-f]+$/, '/:id');
}

function countAbove(values: string[], most: number): number {
	return Object.values(countBy(values)).filter((count) => count > most).length;
}

export interface BatchRun {
	mode: BatchMode;
	wait?: BatchWait;
	seconds: number[];
	/** The output items of every execution of the batch. */
	outputs: IDataObject[];
	/** The errors of executions that failed: the job ids they name were reported, not lost. */
	errorTexts?: string[];
	/** The sandbox's log from the moment the batch began, on the service's clock. */
	requests: RecordedRequest[];
	/** In wall time. */
	wallMs: number;
	schedule: JobKindsModule;
}

/** What the sandbox's log and the outputs say about a batch, and the bounds its wall time is set against. */
export function batchFigures({
	mode,
	wait = 'poll',
	seconds,
	outputs,
	errorTexts = [],
	requests,
	wallMs,
	schedule,
}: BatchRun) {
	const itemCount = seconds.length;
	const api = requests.filter((request) => request.listener === 'api');
	const accepted = (part: string) => api.filter((request) => request.path.endsWith(part) && request.status === 200);
	const generationStarts = accepted('/generation/start');
	const exportStarts = accepted('/export/start');
	const completed = outputs.filter((json) => json.status === 'completed').length;
	const reportedIds = new Set([
		...outputs.flatMap((json) => [json.generationJobId, json.exportJobId, json.jobId]).filter(Boolean),
		...errorTexts.flatMap((text) => text.match(JOB_ID) ?? []),
	]);
	const callSlotMs = WINDOW_MS / LIMIT;
	const chainOf = (videoSeconds: number) => {
		const { generationMs, exportMs } = jobTimes(videoSeconds);
		// A paused generation learns of its end from the callback, at once.
		if (wait === 'pause') return { chainMs: generationMs, detectionMs: 0 };
		const detectionMs =
			SCALE *
			(schedule.pollInterval('generation', generationMs / SCALE) + schedule.pollInterval('export', exportMs / SCALE));
		return { chainMs: generationMs + exportMs + detectionMs, detectionMs };
	};
	const { chainMs, detectionMs } = chainOf(Math.max(...seconds));
	const jobs = seconds.map(jobTimes);
	const floorMs = scheduleFloorMs(jobs, wait);
	const pollingFloor = pollingFloorMs(
		jobs,
		(elapsedMs) => SCALE * schedule.pollInterval('generation', elapsedMs / SCALE),
		floorMs,
	);
	const budgetMs = api.length * callSlotMs;
	const physicalLimitMs = Math.max(chainMs, budgetMs);
	return {
		items: itemCount,
		mode,
		wait,
		videoSeconds: `${Math.min(...seconds)}-${Math.max(...seconds)}`,
		timeScale: `1/${1 / SCALE} (window ${WINDOW_MS} ms; per ${REFERENCE_SECONDS} s of video: generation ${GENERATION_MS} ms, export ${EXPORT_MS} ms)`,
		completed,
		failed: itemCount - completed,
		doubleStarts:
			countAbove(
				generationStarts.map((request) => JSON.stringify(request.body)),
				1,
			) +
			countAbove(
				exportStarts.map((request) => JSON.stringify(request.body)),
				1,
			),
		lostJobIds: generationStarts.length + exportStarts.length - reportedIds.size,
		apiCalls: api.length,
		callsByPath: countBy(api.map(pathOf)),
		refused429: api.filter((request) => request.status === 429).length,
		refusedByPath: countBy(api.filter((request) => request.status === 429).map(pathOf)),
		peakCallsInAnyWindow: peakInAnyWindow(
			api.map((request) => request.at),
			WINDOW_MS / SCALE,
		),
		wallMs,
		physicalLimitMs: Math.round(physicalLimitMs),
		chainMs,
		detectionMs,
		budgetMs: Math.round(budgetMs),
		ratio: Number((wallMs / physicalLimitMs).toFixed(3)),
		callsPerItem: Number((api.length / itemCount).toFixed(2)),
		minimalCallsLimitMs: Math.round(Math.max(chainMs, (wait === 'pause' ? 2 : 4) * itemCount * callSlotMs)),
		scheduleFloorMs: Math.round(floorMs),
		ratioToScheduleFloor: Number((wallMs / floorMs).toFixed(3)),
		// A paused batch does not poll.
		...(wait === 'poll' && {
			pollingFloorMs: Math.round(pollingFloor),
			ratioToPollingFloor: Number((wallMs / pollingFloor).toFixed(3)),
		}),
	};
}
