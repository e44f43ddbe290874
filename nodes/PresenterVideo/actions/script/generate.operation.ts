import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { optionsCollection, readOptions } from '../../input/fields';
import { allowExpressionSyntaxField, guardLiteralExpressions } from '../../input/literalExpressions';
import { buildScriptBody } from '../../input/requestBodies';
import { noteRefusedStart } from '../../jobs/start';
import type { ItemTools } from '../../jobs/types';
import { LIMITS } from '../../service/limits';
import type { ScriptResult } from '../../service/types';

const properties: INodeProperties[] = [
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. A 60-second explainer on how solar panels work',
		description: `What the script should be about (at most ${LIMITS.maxScriptPromptLength.toLocaleString('en-US')} characters)`,
	},
	{
		displayName: 'Duration (Seconds)',
		name: 'duration',
		type: 'number',
		default: 60,
		description: 'Target length of the spoken script, from 10 to 600 seconds',
	},
	optionsCollection([
		allowExpressionSyntaxField,
		{
			displayName: 'URLs',
			name: 'urls',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/article',
			description: 'Up to 10 web pages to take content from, separated by commas (each adds 0.1 credits)',
		},
		{
			displayName: 'Web Search',
			name: 'webSearch',
			type: 'boolean',
			default: false,
			description: 'Whether to search the web for extra content (adds 0.1 credits)',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['script'], operation: ['generate'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = readOptions(this, itemIndex);
	const body = buildScriptBody({
		prompt: this.getNodeParameter('prompt', itemIndex) as string,
		duration: this.getNodeParameter('duration', itemIndex, LIMITS.defaultScriptDuration),
		urls: options.urls,
		webSearch: options.webSearch as boolean | undefined,
	});
	guardLiteralExpressions(this, itemIndex, body);
	return body;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	body: IDataObject,
	{ client, start }: ItemTools,
): Promise<INodeExecutionData[]> {
	const result = await start(
		async () => await client.start<ScriptResult>('/script/generate', body, { itemIndex }),
	).catch((error: unknown) => {
		noteRefusedStart(error, `the script generation of item ${itemIndex}`);
		throw error;
	});
	return [{ json: { script: result.script, cost: result.cost, extractedImages: result.extractedImages ?? [] } }];
}
