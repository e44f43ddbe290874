import type { Scenario } from '../scenario';
import { regularPauseTarget } from '../support/paused-run';
import { shapeChildWorkflows, shapeWorkflows } from '../support/shape-cases';
import { runShapes } from '../support/shape-runs';

export const workflowShapesScenario: Scenario = {
	name: 'workflow shapes, contract',
	workflows: shapeWorkflows,
	subWorkflows: shapeChildWorkflows,
	run: (context) => runShapes(regularPauseTarget(context), 'contract'),
};

/** Imports nothing: the contract's scenario holds the workflows, which `--only=shapes` selects with it. */
export const workflowShapesCodeScenario: Scenario = {
	name: 'workflow shapes, code',
	workflows: [],
	run: (context) => runShapes(regularPauseTarget(context), 'code'),
};
