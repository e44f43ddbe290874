import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import * as avatar from './actions/avatar/Avatar.resource';
import { router } from './actions/router';
import * as script from './actions/script/Script.resource';
import * as video from './actions/video/Video.resource';
import * as voice from './actions/voice/Voice.resource';
import { listSearch, loadOptions } from './methods';

export class PresenterVideo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Presenter Video',
		name: 'presenterVideo',
		icon: { light: 'file:../../icons/presenterVideo.svg', dark: 'file:../../icons/presenterVideo.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create AI presenter videos from prompts, scripts or your own media, and download them as MP4',
		defaults: { name: 'Presenter Video' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'presenterVideoApi', required: true }],
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

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
