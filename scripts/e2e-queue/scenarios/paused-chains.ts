import { checkLateCallback, lateCallbackScenario } from '../../e2e/scenarios/late-callback';
import { checkPausedFailure, pausedFailureScenario } from '../../e2e/scenarios/paused-failure';
import { checkWaitNodeAfterPause, pausedThenWaitNodeScenario } from '../../e2e/scenarios/paused-then-wait-node';
import { checkPausedTwice, pausedTwiceScenario } from '../../e2e/scenarios/paused-twice';
import type { PauseTarget } from '../../e2e/support/paused-run';
import type { QueueScenario } from '../queue-scenario';
import { queuePauseTarget } from './pause-target';

function inQueueMode(name: string, check: (target: PauseTarget) => Promise<void>): QueueScenario {
	return { name, run: (context) => check(queuePauseTarget(context)) };
}

/** The regular-mode checks of pause mode among other waiting nodes, run on a queue-mode cluster. */
export const pausedChainScenarios: QueueScenario[] = [
	inQueueMode(pausedThenWaitNodeScenario.name, checkWaitNodeAfterPause),
	inQueueMode(pausedTwiceScenario.name, checkPausedTwice),
	inQueueMode(lateCallbackScenario.name, checkLateCallback),
	inQueueMode(pausedFailureScenario.name, checkPausedFailure),
];
