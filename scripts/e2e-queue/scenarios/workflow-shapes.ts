/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { SandboxProfileName } from '../../../test/sandbox';
import { runShapes, type CheckedShape } from '../../e2e/support/shape-runs';
import type { RunRecorder } from '../run-recorder';
import { alternating, toFirst } from '../routing-policies';
import type { QueueContext, QueueScenario } from '../queue-scenario';
import { queuePauseTarget } from './pause-target';
import { logProgress } from '../../n8n/progress-log';
import { describeResumeFigures, holdNote, resumeFigures } from '../resume-timing';

/**
 * n8n saves one run of a node however often an execution went on: the recorder, which every job's
 * result also reaches from the started workflow (`recordingJobNodes`), must have seen each job once.
 */
function recordedOnce(recorder: RunRecorder, { execution, jobs }: CheckedShape): string {
	const recorded = recorder.runsOf(String(execution.id)).flatMap((run) => run.jobIds);
	const what = 'the nodes after the job nodes ran once per item (runs recorded outside n8n)';
	assert.deepEqual([...recorded].sort(), jobs.map((job) => job.jobId).sort(), what);
	return `${recorded.length} recorded runs`;
}

/**
 * Every shape with every callback and its copies round robin over both webhook processors, as a
 * load balancer spreads them, where n8n resumes a waiting execution once (2.x). Shapes that wait
 * again soon after a resume (a Generate in a loop, a second paused node) are where a callback
 * decided late on the other processor could resume the next wait with the first one's data
 * (`wait/pauseHold.ts`); "recorded runs" shows each job's result reaching the node after it once.
 * n8n 1.x resumes an execution as often as copies of its last callback reach two processes
 * (docs/queue-mode.md): there callbacks go to one webhook processor, as the docs ask.
 */
async function runAll(context: QueueContext, profile: SandboxProfileName): Promise<void> {
	context.cluster.router.route(context.version.startsWith('1.') ? toFirst : alternating());
	try {
		await runShapes(queuePauseTarget(context), profile, {
			modeCheck: (checked) => recordedOnce(context.recorder, checked),
		});
	} finally {
		context.cluster.router.route(toFirst);
	}
}

/**
 * The regular kit's workflow shapes in queue mode, started on the first webhook processor, the
 * continuations on either worker, the callbacks routed as above. The same checks, and each job's
 * result reaching the node after it once.
 */
function shapesScenario(profile: SandboxProfileName): QueueScenario {
	return {
		name: `workflow shapes, ${profile}`,
		timeoutMs: 10 * 60_000,
		async run(context) {
			const since = Date.now();
			await runAll(context, profile);
			const figures = resumeFigures(context.services, context.cluster.router.forwarded, since);
			logProgress(
				`queue shapes ${context.version}`,
				`${profile}: ${describeResumeFigures(figures)} (${holdNote(context.version, 'up to 15 jobs')})`,
			);
		},
	};
}

export const workflowShapesScenarios: QueueScenario[] = [shapesScenario('contract'), shapesScenario('code')];
