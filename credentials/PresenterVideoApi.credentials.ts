import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class PresenterVideoApi implements ICredentialType {
	name = 'presenterVideoApi';

	displayName = 'Presenter Video API';

	icon: Icon = {
		light: 'file:../icons/presenterVideo.svg',
		dark: 'file:../icons/presenterVideo.dark.svg',
	};

	documentationUrl = 'https://github.com/presenter-video/n8n-nodes-presenter-video#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Create it in the dashboard under Your Space > Settings > API > Generate API Key. It is shown only once.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.example.com',
			description:
				"The address of the service's API. Find it in the service's API documentation: it is the part of every endpoint's address before /api/public/v1. The node appends /api/public/v1 itself; a URL that already ends with it works too.",
		},
		{
			displayName: 'Storage URL',
			name: 'storageUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://storage.example.com',
			description:
				"Where the service serves exported files from, if not from the Base URL's own address or an https sibling of its host (cdn.example.com beside api.example.com). The trigger's Download Video without Confirm With API fetches only from these; the API key is never sent there.",
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 100,
			description:
				"The workspace's API rate limit. Every execution using this credential shares it, also on queue-mode workers, which keep to their share by themselves: keep the whole limit, and change it only if your plan allows a different one.",
		},
	];

	// Test: the nodes' `presenterVideoApiTest` method (testedBy), which explains a Base URL that
	// cannot be reached instead of showing n8n's bare error code.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};
}
