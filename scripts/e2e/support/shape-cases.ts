import type { SandboxProfileName } from '../../../test/sandbox';
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
	subWorkflowEach,
	succeededName,
	waitSeconds,
} from '../workflows/shapes';

/** One row of the table: a shape, the items it is started with, and what each node must show. */
export interface ShapeCase {
	name: string;
	shape: ShapeWorkflow;
	durations: number[];
	/** Item indexes of each run of the job nodes. */
	runs: number[][];
	paused: boolean;
	/** Nodes after the job nodes, and how many items each must see over all its runs. */
	after: Record<string, number>;
	/** A node whose items over all its runs must be the jobs' results, each once (a loop's done output). */
	resultsAt?: string;
	failing?: number;
	/** The profiles it runs under; both unless the service's code changes nothing for it. */
	profiles?: SandboxProfileName[];
}

const threeLengths = [10, 60, 90];
const fiveLengths = [10, 20, 30, 40, 50];
const each = (count: number) => Array.from({ length: count }, (_, index) => [index]);
const all = (count: number) => [Array.from({ length: count }, (_, index) => index)];

/** The shapes users build around a job node, in regular and queue mode alike. */
export const shapeCases: ShapeCase[] = [
	{
		name: 'Loop Over Items, batch size 1, 3 items',
		shape: loopOfOne,
		durations: threeLengths,
		runs: each(3),
		paused: true,
		after: { [afterName]: 3, [doneName]: 3 },
		resultsAt: doneName,
	},
	{
		name: 'Loop Over Items, batch size 2, 5 items',
		shape: loopOfTwo,
		durations: fiveLengths,
		runs: [[0, 1], [2, 3], [4]],
		paused: true,
		after: { [afterName]: 5, [doneName]: 5 },
		resultsAt: doneName,
	},
	{ name: 'IF leading back into the node, 3 turns', shape: ifLoop, durations: threeLengths.slice(0, ifLoopTurns), runs: each(ifLoopTurns), paused: true, after: { [afterName]: 3, [doneName]: 1 } },
	// In a sub-workflow the node polls (actions/router.ts): a paused child hands a caller that runs
	// once for each item only the first child's items (n8n 2.x), and on 1.x its own items.
	{
		name: 'inside a sub-workflow the parent waits for, once with all items',
		shape: subWorkflow,
		durations: threeLengths,
		runs: all(3),
		paused: false,
		after: { [afterName]: 3, [doneName]: 3 },
		resultsAt: doneName,
	},
	{
		name: 'inside a sub-workflow the parent waits for, once for each item',
		shape: subWorkflowEach,
		durations: threeLengths,
		runs: each(3),
		paused: false,
		after: { [afterName]: 3, [doneName]: 3 },
		resultsAt: doneName,
	},
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
	{
		name: 'Create (poll) inside Loop Over Items, 3 items',
		shape: createLoop,
		durations: threeLengths,
		runs: each(3),
		paused: false,
		after: { [afterName]: 3, [doneName]: 3 },
		resultsAt: doneName,
	},
];

export const shapeWorkflows = shapeCases.map((shapeCase) => shapeCase.shape.workflow);
export const shapeChildWorkflows = shapeCases.flatMap((shapeCase) => (shapeCase.shape.childWorkflow ? [shapeCase.shape.childWorkflow] : []));

/** The cases that run under the profile. */
export function shapeCasesOn(profile: SandboxProfileName): ShapeCase[] {
	return shapeCases.filter((shapeCase) => (shapeCase.profiles ?? ['contract', 'code']).includes(profile));
}
