import type { INodeProperties } from 'n8n-workflow';

/** Voice and avatar pickers: searchable lists from the service, or an ID typed or mapped in. */

export function voicePicker(operations: string[], inputMethods: string[]): INodeProperties {
	return {
		displayName: 'Voice',
		name: 'voice',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: 'The voice that reads the script. Required with a script unless a Voice URL is given.',
		displayOptions: { show: { resource: ['video'], operation: operations, inputMethod: inputMethods } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchVoices', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. voice_en_us_emma',
			},
		],
	};
}

export function avatarPicker(operations: string[], inputMethods: string[]): INodeProperties {
	return {
		displayName: 'Avatar',
		name: 'avatar',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: 'The digital presenter shown in the video. Leave empty for a video without a presenter.',
		displayOptions: { show: { resource: ['video'], operation: operations, inputMethod: inputMethods } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchAvatars', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. avatar_office_anna',
			},
		],
	};
}

export const avatarModelField: INodeProperties = {
	displayName: 'Avatar Model Name or ID',
	name: 'avatarModel',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAvatarModels', loadOptionsDependsOn: ['avatar.value'] },
	default: '',
	description:
		'Quality model for the presenter; the list shows the models the chosen avatar supports. Leave empty for the service’s default. Must stay empty for videos without an avatar. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};
