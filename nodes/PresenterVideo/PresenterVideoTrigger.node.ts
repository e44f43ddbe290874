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
		// n8n's nodes panel shows one entry for both nodes, with this description: the package's.
		description: 'Create AI presenter videos from prompts, scripts or your own media, and download them as MP4',
		// Used as it is; the codex's link would get n8n's tracking query appended after its #section.
		documentationUrl: 'https://github.com/presenter-video/n8n-nodes-presenter-video#presenter-video-trigger',
		defaults: { name: 'Presenter Video Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Only Confirm With API needs it; n8n cannot require it from a collection's option: checked on activation.
		credentials: [{ name: 'presenterVideoApi', required: false, testedBy: 'presenterVideoApiTest' }],
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

	// No registration endpoint (the user pastes the URL): `checkExists` is false so `create` checks the setup.
	webhookMethods = {
		default: {
			checkExists: async (): Promise<boolean> => false,
			async create(this: IHookFunctions): Promise<boolean> {
				const options = this.getNodeParameter('options', {}) as TriggerOptions;
				if (options.confirmWithApi && !this.getNode().credentials?.[CREDENTIAL_TYPE]) {
					throw new NodeOperationError(this.getNode(), 'Confirm With API needs a Presenter Video API credential', {
						description: 'Select a credential in the node, or turn off Confirm With API.',
					});
				}
				return true;
			},
			delete: async (): Promise<boolean> => true,
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await handleDelivery(this);
	}

	/**
	 * `webhook()` has no store n8n processes share atomically, so copies of an event may each start an
	 * execution: here all but the first end without output, before the download, so a repeat stores no file.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const fresh = await dropProcessedEvents(this, this.getInputData());
		const items: INodeExecutionData[] = [];
		for (const item of fresh) items.push(await attachVideo(this, item));
		return [items];
	}
}
