import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { buildGenerationBody } from '../../helpers/requestBodies';
import { generationFields, generationOptionFields, readGenerationInput } from './generationFields';
import {
	jobStartOperation,
	optionsCollection,
	simplifyField,
	waitForCompletionField,
	waitOptionFields,
	webhookUrlOption,
} from './videoFields';

const properties: INodeProperties[] = [
	...generationFields(),
	waitForCompletionField('poll', true),
	simplifyField,
	optionsCollection([...generationOptionFields, ...waitOptionFields, webhookUrlOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['generate'] } }, properties);

export const { pausesForJob, prepare, execute } = jobStartOperation('generation', (context, itemIndex) =>
	buildGenerationBody(readGenerationInput(context, itemIndex)),
);
