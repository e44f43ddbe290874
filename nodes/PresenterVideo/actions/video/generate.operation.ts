import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { buildGenerationBody } from '../../helpers/requestBodies';
import { generationFields, generationOptionFields, readGenerationInput } from './generationFields';
import { jobStartFields, jobStartOperation } from './videoFields';

const properties: INodeProperties[] = [...generationFields(), ...jobStartFields(generationOptionFields)];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['generate'] } }, properties);

export const { pausesForJob, prepare, execute } = jobStartOperation('generation', (context, itemIndex) =>
	buildGenerationBody(readGenerationInput(context, itemIndex)),
);
