import { presenterCredential, presenterCredentialType } from './credential';
import { presenterVideoTriggerType, setNode } from './nodes';
import { linearWorkflow } from './workflow-json';

export const triggerWorkflowId = 'E2eTriggerCalls1';
export const triggerWebhookId = '0c1d2e3f-0004-4a00-8000-00000000e2e4';
/** Path after `/webhook/`: the trigger's fixed path under its webhookId. */
export const triggerProductionPath = `${triggerWebhookId}/presenter-video`;

/** Starts on finished generations and exports, each confirmed with the service; exports bring the MP4. */
export const triggerWorkflow = linearWorkflow(triggerWorkflowId, 'E2E: trigger on callbacks', [
	{
		id: 'presenter-video-trigger',
		name: 'Presenter Video Trigger',
		type: presenterVideoTriggerType,
		typeVersion: 1,
		webhookId: triggerWebhookId,
		parameters: {
			events: ['generation.completed', 'export.completed'],
			options: { confirmWithApi: true, downloadVideo: true },
		},
		credentials: { [presenterCredentialType]: presenterCredential },
	},
	setNode('Received', [['jobId', 'string', '={{ $json.jobId }}']]),
]);
