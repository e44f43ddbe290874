import {
	byId,
	codeNode,
	executeWorkflowNode,
	executeWorkflowTriggerNode,
	ifLessThanNode,
	loopOverItemsNode,
	mergeAppendNode,
	noOpNode,
	presenterVideoNode,
	waitIntervalNode,
	webhookNode,
} from './nodes';
import { connectedWorkflow, type Edge, type NodeParameters, type Workflow } from './workflow-json';

/**
 * The shapes users build around a Generate node, each started by a POST of
 * `{ tag, items: [{ duration, note? }] }`: one item per entry, its prompt `<tag> item <n> <note>`.
 */

/** The request's items, each prompt carrying the tag that tells this run's jobs apart. */
const itemsFromRequest = codeNode(
	'Items',
	"const { tag, items } = $input.first().json.body;\nreturn items.map((item, i) => ({ json: { prompt: [tag, 'item', i + 1, item.note ?? ''].join(' ').trim(), duration: item.duration } }));",
);

/** Max Wait of every paused node here: a pause not resumed by its callbacks comes out timed out. */
export const shapeMaxWaitMinutes = 1;

export function pausedGenerate(name: string, prompt = '={{ $json.prompt }}', duration = '={{ $json.duration }}', extra = {}) {
	return presenterVideoNode(
		name,
		{
			resource: 'video',
			operation: 'generate',
			inputMethod: 'prompt',
			prompt,
			duration,
			format: 'vertical',
			waitForCompletion: 'callback',
			simplify: true,
			options: { maxWaitMinutes: shapeMaxWaitMinutes } as NodeParameters,
		},
		extra,
	);
}

function polledCreate(name: string) {
	return presenterVideoNode(name, {
		resource: 'video',
		operation: 'create',
		inputMethod: 'prompt',
		prompt: '={{ $json.prompt }}',
		duration: '={{ $json.duration }}',
		voice: byId('voice_olivia_en_us'),
		avatar: byId('av_hana_studio'),
		format: 'vertical',
		downloadThumbnail: false,
		options: { pollingIntervalSeconds: 1, maxWaitMinutes: 5 },
	});
}

/** A shape's workflow, the node whose jobs are checked, and the nodes after it with the items each must see in all. */
export interface ShapeWorkflow {
	workflow: Workflow;
	path: string;
	/** The nodes that start the jobs: paused, or polled (Create). */
	jobNodes: string[];
	/** Where the jobs' executions run when not in the started workflow (a sub-workflow). */
	childWorkflow?: Workflow;
	/** How the caller runs its sub-workflow: one child execution for all items, or one for each item. */
	childCalls?: 'once' | 'each';
}

/** Webhook → Items → the shape's nodes; `index` makes its ids. */
function shape(
	index: number,
	slug: string,
	nodes: Parameters<typeof connectedWorkflow>[2],
	edges: Edge[],
	jobNodes: string[],
	items = itemsFromRequest,
): ShapeWorkflow {
	const path = `e2e-shape-${slug}`;
	const webhookId = `0c1d2e3f-0040-4a00-8000-00000000e4${String(index).padStart(2, '0')}`;
	const id = `E2eShape${String(index).padStart(2, '0')}${slug.replace(/-/g, '')}`.slice(0, 16);
	return {
		workflow: connectedWorkflow(id, `E2E shape: ${slug}`, [webhookNode(path, webhookId, { mode: 'onReceived' }), items, ...nodes], [
			['Webhook', 'Items'],
			...edges,
		]),
		path,
		jobNodes,
	};
}

export const generateName = 'Generate and pause';
export const afterName = 'After Generate';
export const doneName = 'Done';
export const loopName = 'Loop Over Items';

/** Items → Loop Over Items → (loop) job node → After → back into the loop; done → Done. */
function loopShape(index: number, slug: string, batchSize: number, jobNode: ReturnType<typeof presenterVideoNode>): ShapeWorkflow {
	return shape(
		index,
		slug,
		[loopOverItemsNode(loopName, batchSize), jobNode, noOpNode(afterName), noOpNode(doneName)],
		[['Items', loopName], [loopName, doneName, 0], [loopName, jobNode.name, 1], [jobNode.name, afterName], [afterName, loopName]],
		[jobNode.name],
	);
}

export const loopOfOne = loopShape(1, 'loop-1', 1, pausedGenerate(generateName));
export const loopOfTwo = loopShape(2, 'loop-2', 2, pausedGenerate(generateName));

export const createName = 'Create video';
export const createLoop = loopShape(3, 'create-loop', 1, polledCreate(createName));

export const turnCheckName = 'Another turn?';
/** The number of turns round the IF: the request must hold as many items. */
export const ifLoopTurns = 3;
/**
 * One item goes round an IF back into Generate: turn n (from 0) asks for the request's item n.
 * Generate's and the IF's run indexes count the turns.
 */
export const ifLoop = shape(
	4,
	'if-loop',
	[
		pausedGenerate(
			generateName,
			"={{ [$('Webhook').first().json.body.tag, 'item', $runIndex + 1].join(' ') }}",
			"={{ $('Webhook').first().json.body.items[$runIndex].duration }}",
		),
		noOpNode(afterName),
		ifLessThanNode(turnCheckName, '={{ $runIndex + 1 }}', ifLoopTurns),
		noOpNode(doneName),
	],
	[['Items', generateName], [generateName, afterName], [afterName, turnCheckName], [turnCheckName, generateName, 0], [turnCheckName, doneName, 1]],
	[generateName],
	codeNode('Items', 'return [{ json: { turn: 0 } }];'),
);

export const childGenerateName = generateName;
/** A sub-workflow: its caller's items → Generate (set to pause) → After Generate. */
function childWorkflow(id: string, slug: string): Workflow {
	return connectedWorkflow(
		id,
		`E2E shape: ${slug} child`,
		[executeWorkflowTriggerNode('When called'), pausedGenerate(childGenerateName), noOpNode(afterName)],
		[
			['When called', childGenerateName],
			[childGenerateName, afterName],
		],
	);
}
export const callChildName = 'Run the child';
/** Execute Workflow, waiting for the sub-workflow, once with all items (`once`) or once for each item (`each`). */
function subWorkflowShape(index: number, slug: string, childId: string, mode: 'once' | 'each'): ShapeWorkflow {
	return {
		...shape(index, slug, [executeWorkflowNode(callChildName, childId, mode), noOpNode(doneName)], [['Items', callChildName], [callChildName, doneName]], [childGenerateName]),
		childWorkflow: childWorkflow(childId, slug),
		childCalls: mode,
	};
}
export const subWorkflow = subWorkflowShape(5, 'sub-workflow', 'E2eShapeChild001', 'once');
export const subWorkflowEach = subWorkflowShape(9, 'sub-workflow-each', 'E2eShapeChild002', 'each');

export const succeededName = 'Succeeded';
export const failedName = 'Failed';
/** Retry On Fail and On Error "Continue (using error output)" on the paused node. */
export const errorOutput = shape(
	6,
	'error-output',
	[
		pausedGenerate(generateName, undefined, undefined, { retryOnFail: true, maxTries: 2, waitBetweenTries: 1000, onError: 'continueErrorOutput' }),
		noOpNode(succeededName),
		noOpNode(failedName),
	],
	[['Items', generateName], [generateName, succeededName, 0], [generateName, failedName, 1]],
	[generateName],
);

export const branchA = 'Generate on branch A';
export const branchB = 'Generate on branch B';
export const mergeName = 'Merge';
/** The same items on two branches, each paused at its own Generate, joined by a Merge. */
export const mergedBranches = shape(
	7,
	'merge',
	[
		pausedGenerate(branchA, "={{ $json.prompt + ' A' }}"),
		pausedGenerate(branchB, "={{ $json.prompt + ' B' }}"),
		mergeAppendNode(mergeName),
		noOpNode(doneName),
	],
	[['Items', branchA], ['Items', branchB], [branchA, mergeName, 0, 0], [branchB, mergeName, 0, 1], [mergeName, doneName]],
	[branchA, branchB],
);

export const waitName = 'Wait a while';
/** The shortest Wait that n8n puts into waiting (and its wait tracker resumes) rather than sleeping through. */
export const waitSeconds = 65;
export const afterWait = shape(
	8,
	'after-wait',
	[waitIntervalNode(waitName, waitSeconds, '0c1d2e3f-0041-4a00-8000-00000000e408'), pausedGenerate(generateName), noOpNode(afterName)],
	[['Items', waitName], [waitName, generateName], [generateName, afterName]],
	[generateName],
);
