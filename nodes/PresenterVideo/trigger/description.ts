import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection } from '../input/fields';
import type { EventName } from './event';

/** In the nodes panel's order of actions: the event the service sends first. Values are the output's `event`. */
const EVENT_OPTIONS: Array<INodePropertyOptions & { value: EventName }> = [
	{
		name: 'Generation Completed',
		value: 'generation.completed',
		description:
			'A video generation finished: the output has the video ID to export. The service sends this event today (before its status says completed; Confirm With API waits for it).',
	},
	{
		name: 'Export Completed',
		value: 'export.completed',
		description:
			'An export finished: the output has the MP4 address and thumbnail. The service does not send this event today (its exports call back nobody): poll with Export or Get Export Status instead.',
	},
	{
		name: 'Export Failed',
		value: 'export.failed',
		description:
			'An export failed: the output has the error code and message. The service does not send this event today: poll with Export or Get Export Status instead.',
	},
	{
		name: 'Generation Failed',
		value: 'generation.failed',
		description:
			'A video generation failed: the output has the error code and message. The service does not send this event today: use Generate with Wait for Completion to see failures.',
	},
];

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Paste this node’s webhook URL into the Webhook URL option of Presenter Video > Video > Generate: the Test URL for a test event, the Production URL once the workflow is published. Copy it from Webhook URLs at the top of this panel before you start listening, as the panel hides them while it listens. The service calls back today only when a generation completes; for exports and failures, use Wait for Completion in Presenter Video.',
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['generation.completed'],
		description: 'The job events that start the workflow. Other events are acknowledged and ignored.',
		options: EVENT_OPTIONS,
	},
	optionsCollection([
		{
			displayName: 'Binary Property',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			displayOptions: { show: { downloadVideo: [true] } },
			description: 'Name of the binary property the MP4 is written to',
		},
		{
			displayName: 'Confirm With API',
			name: 'confirmWithApi',
			type: 'boolean',
			default: false,
			description:
				"Whether to check each event with the job's status endpoint before starting the workflow, using the Presenter Video API credential (select one above). The workflow starts only if the service reports the same job in the same final state, and the output then holds the service's answer, so a forged call starts nothing. The service calls back for a completed generation before its status says so: such a delivery is answered first, then confirmed within 10 seconds.",
		},
		{
			displayName: 'Download Video',
			name: 'downloadVideo',
			type: 'boolean',
			default: false,
			description:
				'Whether to download the MP4 of a completed export into binary data when the execution starts, once per event (repeats are dropped first). If it fails, the item has downloadError and keeps videoUrl. In database binary mode (queue mode) n8n holds the whole file in memory and refuses files over 512 MiB unless N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE is raised.',
		},
		{
			displayName: 'Include Raw Body',
			name: 'includeRawBody',
			type: 'boolean',
			default: false,
			description: 'Whether to add the delivery body, as the service sent it, under rawBody',
		},
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'When set, append ?secret=&lt;this value&gt; to the Production URL you paste into the Presenter Video node. Calls with a missing or wrong secret get 401 and start nothing.',
		},
	]),
];

export interface TriggerOptions {
	binaryPropertyName?: string;
	confirmWithApi?: boolean;
	downloadVideo?: boolean;
	includeRawBody?: boolean;
	secret?: string;
}
