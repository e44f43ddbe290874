import { codeNode, executeWorkflowNode, executeWorkflowTriggerNode, noOpNode, waitIntervalNode, webhookNode } from './nodes';
import { waitSeconds } from './shapes';
import { connectedWorkflow } from './workflow-json';

/**
 * n8n's own behaviour, without our node: Execute Workflow run once for each of 3 items, waiting for
 * a sub-workflow that goes into waiting at n8n's Wait node.
 */
export const waitNodeChildId = 'E2eEachWaitChild';
export const waitNodeCallerPath = 'e2e-each-wait-node';
export const eachItemCount = 3;
export const callerDoneName = 'Done';
export const childAfterName = 'After the wait';

export const waitNodeChild = connectedWorkflow(
	waitNodeChildId,
	'E2E: sub-workflow child with a Wait node',
	[
		executeWorkflowTriggerNode('When called'),
		waitIntervalNode('Wait a while', waitSeconds, '0c1d2e3f-0042-4a00-8000-00000000e501'),
		noOpNode(childAfterName),
	],
	[
		['When called', 'Wait a while'],
		['Wait a while', childAfterName],
	],
);

export const waitNodeCaller = connectedWorkflow(
	'E2eEachWaitCall1',
	'E2E: each item to a waiting sub-workflow',
	[
		webhookNode(waitNodeCallerPath, '0c1d2e3f-0042-4a00-8000-00000000e502', { mode: 'onReceived' }),
		codeNode('Items', `return Array.from({ length: ${eachItemCount} }, (_, item) => ({ json: { item } }));`),
		executeWorkflowNode('Run the child', waitNodeChildId, 'each'),
		noOpNode(callerDoneName),
	],
	[
		['Webhook', 'Items'],
		['Items', 'Run the child'],
		['Run the child', callerDoneName],
	],
);
