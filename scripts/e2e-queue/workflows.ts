import { catalogueWorkflow } from '../e2e/workflows/catalogue';
import { callbackWaitWorkflow } from '../e2e/workflows/callback-wait';
import { pausedFailure, pausedThenWaitNode, pausedTwice, pausedTwiceLate } from '../e2e/workflows/paused-chains';
import { promptBatch, promptBatchNodeName } from '../e2e/workflows/prompt-batch';
import { promptToMp4Workflow } from '../e2e/workflows/prompt-to-mp4';
import { triggerWorkflow } from '../e2e/workflows/trigger-callbacks';
import type { Workflow } from '../e2e/workflows/workflow-json';
import { shapeCases } from '../e2e/support/shape-cases';
import { callChildName } from '../e2e/workflows/shapes';
import { storedThenBig } from './binary-store-workflow';
import { recordedBatch, recordingJobNodes } from './recorded-workflows';

export const batchNodeName = promptBatchNodeName;

export const pollBatch = promptBatch(
		{ id: 'E2eQueuePollBat1', path: 'e2e-queue-poll-batch', webhookId: '0c1d2e3f-0101-4a00-8000-0000000e2e01' },
	'poll',
	'Queue item',
);

export const pausedBatch = promptBatch(
		{ id: 'E2eQueuePauseBat1', path: 'e2e-queue-paused-batch', webhookId: '0c1d2e3f-0103-4a00-8000-0000000e2e03' },
	'callback',
	'Queue item',
);

export const killedBatch = promptBatch(
		{ id: 'E2eQueueKillBat1', path: 'e2e-queue-killed-batch', webhookId: '0c1d2e3f-0102-4a00-8000-0000000e2e02' },
	'callback',
	'Queue item',
);

/**
 * The workflow shapes of the regular kit, each job node's results also reported to the run
 * recorder; where the jobs run in a sub-workflow, the results the caller gets back (the child is
 * left as it is: it hands its caller its last node's items).
 */
const recordedShapes = shapeCases.map(({ shape }) =>
	recordingJobNodes(shape.workflow, shape.childWorkflow ? [callChildName] : shape.jobNodes),
);

/** The sub-workflows the shapes call. */
export const queueSubWorkflows = shapeCases.flatMap(({ shape }) => (shape.childWorkflow ? [shape.childWorkflow] : []));

/** Every workflow the queue-mode run imports; all start with a trigger, so all are activated. */
export const queueWorkflows: Workflow[] = [
	catalogueWorkflow,
	promptToMp4Workflow,
	storedThenBig.workflow,
	pollBatch.workflow,
	callbackWaitWorkflow,
	pausedBatch.workflow,
	triggerWorkflow,
	killedBatch.workflow,
	recordedBatch.workflow,
	...[pausedThenWaitNode, pausedTwice, pausedTwiceLate, pausedFailure].map((tagged) => tagged.workflow),
	...recordedShapes,
];

