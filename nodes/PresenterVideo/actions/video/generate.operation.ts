import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { estimateGenerationCredits } from '../../helpers/credits/creditEstimate';
import { buildGenerationBody } from '../../helpers/requestBodies';
import { billingOptionFields } from './billingFields';
import { generationFields, generationOptionFields, readGenerationInput } from './generationFields';
import { jobStartFields, jobStartOperation } from './videoFields';

const properties: INodeProperties[] = [
	...generationFields(),
	...jobStartFields([...generationOptionFields, ...billingOptionFields]),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['generate'] } }, properties);

export const { pausesForJob, prepare, execute, billing } = jobStartOperation(
	'generation',
	(context, itemIndex) => buildGenerationBody(readGenerationInput(context, itemIndex)),
	(_context, _itemIndex, body) => estimateGenerationCredits(body).credits,
);
