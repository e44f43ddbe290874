import { presenterVideoNode, webhookNode } from './nodes';
import { linearWorkflow } from './workflow-json';

export const catalogueWorkflowId = 'E2eCatalogue0001';
export const cataloguePath = 'e2e-catalogue';

/** Lists every voice, then every avatar (once, not once per voice); answers with the avatars. */
export const catalogueWorkflow = linearWorkflow(catalogueWorkflowId, 'E2E: list voices and avatars', [
	webhookNode(cataloguePath, '0c1d2e3f-0001-4a00-8000-00000000e2e1', { mode: 'lastNode', data: 'allEntries' }),
	presenterVideoNode('List voices', { resource: 'voice', operation: 'getMany', returnAll: true, filters: {} }),
	presenterVideoNode(
		'List avatars',
		{ resource: 'avatar', operation: 'getMany', returnAll: true, filters: {} },
		{ executeOnce: true },
	),
]);
