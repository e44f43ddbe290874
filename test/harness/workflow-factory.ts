import { Workflow } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { ExecutionSetup } from './execution-store';

function jsonCopy<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * A Workflow built from the saved definition, as n8n loads it from the database for every
 * run: fresh node objects (the Workflow constructor fills parameter defaults into them) and
 * the stored static data.
 */
export function createWorkflow(setup: ExecutionSetup): Workflow {
	const { workflow } = setup;
	return new Workflow({
		id: workflow.id,
		name: workflow.name,
		nodes: jsonCopy(workflow.nodes),
		connections: jsonCopy(workflow.connections),
		settings: jsonCopy(workflow.settings),
		active: workflow.active,
		staticData: jsonCopy(setup.staticData),
		nodeTypes: setup.nodeTypes,
	});
}

/** Saves the static data back when the run changed it, as n8n does after an execution. */
export function persistStaticData(workflow: Workflow, setup: ExecutionSetup) {
	if (workflow.staticData.__dataChanged !== true) return;
	const saved = jsonCopy(workflow.staticData) as IDataObject;
	for (const key of Object.keys(setup.staticData)) delete setup.staticData[key];
	Object.assign(setup.staticData, saved);
	workflow.staticData.__dataChanged = false;
}
