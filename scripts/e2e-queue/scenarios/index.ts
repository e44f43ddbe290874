import type { QueueScenario } from '../queue-scenario';
import { alternating, lastJobToAll, toFirst } from '../routing-policies';
import { binaryStoreModeScenario } from './binary-store-mode';
import { catalogueScenario } from './catalogue';
import { continuedOnceScenario } from './continued-once';
import { createMp4Scenario } from './create-mp4';
import { pausedChainScenarios } from './paused-chains';
import { pauseResumeBatchScenario, pauseResumeScenario } from './pause-resume';
import { pollBatchScenario } from './poll-batch';
import { triggerDuplicatesScenario } from './trigger-duplicates';
import { workerKilledScenario } from './worker-killed';
import { workflowShapesScenarios } from './workflow-shapes';

/** Paused batches whose copies of callbacks reach both webhook processors, per routing. */
const copiesExecutions = 15;

/** In run order; the worker kill goes last, it leaves a worker restarted. */
export const queueScenarios: QueueScenario[] = [
	catalogueScenario,
	createMp4Scenario,
	binaryStoreModeScenario,
	pollBatchScenario,
	pauseResumeScenario,
	pauseResumeBatchScenario,
	...pausedChainScenarios,
	...workflowShapesScenarios,
	continuedOnceScenario(
		'once: last callback on both webhook processors at the same moment',
		() => lastJobToAll(3),
		copiesExecutions,
	),
	continuedOnceScenario('once: callbacks round robin over both webhook processors', alternating, copiesExecutions),
	continuedOnceScenario('once: every callback to the first webhook processor', () => toFirst, copiesExecutions),
	triggerDuplicatesScenario,
	workerKilledScenario,
];
