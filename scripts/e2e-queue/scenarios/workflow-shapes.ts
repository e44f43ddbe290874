/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { SandboxProfileName } from '../../../test/sandbox';
import type { ShapeCase } from '../../e2e/support/shape-cases';
import { runShapes, type CheckedShape } from '../../e2e/support/shape-runs';
import { ifLoop, loopOfOne, loopOfTwo, mergedBranches } from '../../e2e/workflows/shapes';
import type { RunRecorder } from '../run-recorder';
import { alternating, toFirst } from '../routing-policies';
import type { QueueContext, QueueScenario } from '../queue-scenario';
import { queuePauseTarget } from './pause-target';

/**
 * n8n saves one run of a node however often an execution went on: the recorder, which every job's
 * result also reaches from the started workflow (`recordingJobNodes`), must have seen each job once.
 */
function recordedOnce(recorder: RunRecorder, { execution, jobs }: CheckedShape): string {
	const recorded = recorder.runsOf(String(execution.id)).flatMap((run) => run.jobIds);
	const what = 'the nodes after the job nodes ran once per item (runs recorded outside n8n)';
	assert.equal(recorded.length, jobs.length, what);
	// n8n 1.x hands a paused sub-workflow's caller its own items (shape-cases.ts): counted, not matched.
	const carried = recorded.filter((jobId) => jobId !== 'null');
	if (carried.length > 0) assert.deepEqual([...carried].sort(), jobs.map((job) => job.jobId).sort(), what);
	return `${recorded.length} recorded runs`;
}

/**
 * Shapes whose execution waits again soon after a pause is resumed: a Generate in a loop, or a
 * second paused node. Their callbacks go to one webhook processor. n8n 2.41.1 resumes a waiting
 * execution on the condition `status = 'waiting'` only, with the execution data it loaded when the
 * call came: a callback that a second webhook processor took while the pause waited, and that it
 * decided on after the node's 2-s moment of grace, resumes the NEXT wait with the first one's data,
 * so the nodes after the first pause run again and the second pause's jobs start twice. Measured
 * with callbacks round robin (copies 0.3-1.2 s apart), both profiles, 3 runs: 8 of 20 executions
 * of these four shapes started jobs twice (the main log shows the second continuation enqueued by
 * the other webhook processor 1.9 s after the first); the shapes below waiting once, none.
 */
const waitsAgainAfterResume = new Set([loopOfOne, loopOfTwo, ifLoop, mergedBranches]);

async function runGroup(context: QueueContext, profile: SandboxProfileName, waitsAgain: boolean): Promise<void> {
	const only = (shapeCase: ShapeCase) => waitsAgainAfterResume.has(shapeCase.shape) === waitsAgain;
	// n8n 1.x resumes an execution as often as copies of its last callback reach two processes
	// (docs/queue-mode.md): there callbacks go to one webhook processor, as the docs ask.
	const oneProcessor = waitsAgain || context.version.startsWith('1.');
	context.cluster.router.route(oneProcessor ? toFirst : alternating());
	try {
		await runShapes(queuePauseTarget(context), profile, {
			version: context.version,
			only,
			modeCheck: (checked) => recordedOnce(context.recorder, checked),
		});
	} finally {
		context.cluster.router.route(toFirst);
	}
}

/**
 * The regular kit's workflow shapes in queue mode, started on the first webhook processor, the
 * continuations on either worker: every callback and its copies round robin over both webhook
 * processors, but for the shapes that wait again after a resume, and on n8n 1.x (one webhook
 * processor, see above). The same checks, and each job's result reaching the node after it once.
 */
function shapesScenario(profile: SandboxProfileName): QueueScenario {
	return {
		name: `workflow shapes, ${profile}`,
		timeoutMs: 10 * 60_000,
		async run(context) {
			await runGroup(context, profile, true);
			await runGroup(context, profile, false);
		},
	};
}

export const workflowShapesScenarios: QueueScenario[] = [shapesScenario('contract'), shapesScenario('code')];
