import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { estimateGenerationCredits } from '../../billing/estimate';
import { billingOptionFields } from '../../billing/fields';
import { buildGenerationBody } from '../../input/requestBodies';
import { generationFields, generationOptionFields, readGenerationInput } from './generationFields';
import { jobStartFields, jobStartOperation } from './jobOperations';

const properties: INodeProperties[] = [
	...generationFields,
	...jobStartFields([...generationOptionFields, ...billingOptionFields]),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['generate'] } }, properties);

export const { pausesForJob, prepare, execute, billing } = jobStartOperation(
	'generation',
	(context, itemIndex) => buildGenerationBody(readGenerationInput(context, itemIndex)),
	(_context, _itemIndex, body) => estimateGenerationCredits(body),
);
