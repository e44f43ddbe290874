import {
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
	NodeConnectionTypes,
} from 'n8n-workflow';

import * as avatar from './actions/avatar/Avatar.resource';
import { pausingJobKind, router } from './actions/router';
import * as script from './actions/script/Script.resource';
import * as video from './actions/video/Video.resource';
import * as voice from './actions/voice/Voice.resource';
import { credentialTest, listSearch, loadOptions } from './methods';
import { CALLBACK_WEBHOOK_PATH } from './wait/callbackUrl';
import { resumeFromCallback } from './wait/resume';

export class PresenterVideo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Presenter Video',
		name: 'presenterVideo',
		icon: { light: 'file:../../icons/presenterVideo.svg', dark: 'file:../../icons/presenterVideo.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create AI presenter videos from prompts, scripts or your own media, and download them as MP4',
		// Used as it is; the codex's link would get n8n's tracking query appended after its #section.
		documentationUrl: 'https://github.com/presenter-video/n8n-nodes-presenter-video#presenter-video',
		defaults: { name: 'Presenter Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'presenterVideoApi', required: true, testedBy: 'presenterVideoApiTest' }],
		// This node's resume address, handed to the service as each paused job's webhook (wait/callbackUrl.ts).
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: CALLBACK_WEBHOOK_PATH,
				isFullPath: true,
				restartWebhook: true,
			},
		],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Avatar', value: 'avatar' },
					{ name: 'Script', value: 'script' },
					{ name: 'Video', value: 'video' },
					{ name: 'Voice', value: 'voice' },
				],
				default: 'video',
			},
			...avatar.description,
			...script.description,
			...video.description,
			...voice.description,
		],
	};

	methods = { credentialTest, listSearch, loadOptions };

	// n8n's own waiting address, handed to the service with each job: nothing to register on its side.
	webhookMethods = {
		default: {
			checkExists: async (): Promise<boolean> => true,
			create: async (): Promise<boolean> => true,
			delete: async (): Promise<boolean> => true,
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const kind = pausingJobKind(
			this.getNodeParameter('resource') as string,
			this.getNodeParameter('operation') as string,
		);
		return await resumeFromCallback(this, kind);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
