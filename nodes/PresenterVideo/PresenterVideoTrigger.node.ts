import {
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
	NodeConnectionTypes,
	NodeOperationError,
} from 'n8n-workflow';

import { credentialTest } from './methods';
import { CREDENTIAL_TYPE } from './transport/apiRequest';
import { type TriggerOptions, triggerProperties } from './trigger/description';
import { handleDelivery } from './trigger/handleDelivery';
import { dropProcessedEvents } from './trigger/repeats';
import { attachVideo } from './trigger/video';

export class PresenterVideoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Presenter Video Trigger',
		name: 'presenterVideoTrigger',
		icon: { light: 'file:../../icons/presenterVideo.svg', dark: 'file:../../icons/presenterVideo.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		// n8n's nodes panel shows one entry for this node and Presenter Video, described by the
		// trigger's description: it names what the package does, as Presenter Video's does.
		description: 'Create AI presenter videos from prompts, scripts or your own media, and download them as MP4',
		// Used as it is; the codex's link would get n8n's tracking query appended after its #section.
		documentationUrl: 'https://github.com/presenter-video/n8n-nodes-presenter-video#presenter-video-trigger',
		defaults: {
			name: 'Presenter Video Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Needed only by Confirm With API; n8n has no way to require a credential from an option
		// inside a collection, so it is optional here and checked when the workflow is activated.
		credentials: [
			{
				name: 'presenterVideoApi',
				required: false,
				testedBy: 'presenterVideoApiTest',
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty, so n8n answers with the node's own short reply instead of the item.
				responseData: '',
				path: 'presenter-video',
			},
		],
		properties: triggerProperties,
	};

	// n8n takes the Test of a credential from whichever node using it it finds first: both carry it.
	methods = { credentialTest };

	// The service has no registration endpoint: the user pastes the URL into the action node.
	// `checkExists` answers false so that n8n always runs `create`, which checks the setup.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const options = this.getNodeParameter('options', {}) as TriggerOptions;
				if (options.confirmWithApi && !this.getNode().credentials?.[CREDENTIAL_TYPE]) {
					throw new NodeOperationError(this.getNode(), 'Confirm With API needs a Presenter Video API credential', {
						description: 'Select a credential in the node, or turn off Confirm With API.',
					});
				}
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await handleDelivery(this);
	}

	/**
	 * Runs in the execution that `webhook()` started (on a worker in queue mode), before any other
	 * node. `webhook()` has no store that several n8n processes share atomically, so copies of an
	 * event that reached different webhook processes, or arrived after a restart, each start an
	 * execution; here every execution but the first one of an event ends without output. Only then
	 * is the video downloaded, so a repeat leaves no file behind.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const fresh = await dropProcessedEvents(this, this.getInputData());
		const items: INodeExecutionData[] = [];
		for (const item of fresh) items.push(await attachVideo(this, item));
		return [items];
	}
}
