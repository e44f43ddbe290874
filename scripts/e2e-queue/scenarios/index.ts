import type { QueueScenario } from '../queue-scenario';
import { catalogueScenario } from './catalogue';
import { createMp4Scenario } from './create-mp4';
import { pausedChainScenarios } from './paused-chains';
import { pauseResumeBatchScenario, pauseResumeScenario } from './pause-resume';
import { pollBatchScenario } from './poll-batch';
import { triggerDuplicatesScenario } from './trigger-duplicates';
import { workerKilledScenario } from './worker-killed';

/** In run order; the worker kill goes last, it leaves a worker restarted. */
export const queueScenarios: QueueScenario[] = [
	catalogueScenario,
	createMp4Scenario,
	pollBatchScenario,
	pauseResumeScenario,
	pauseResumeBatchScenario,
	...pausedChainScenarios,
	triggerDuplicatesScenario,
	workerKilledScenario,
];
