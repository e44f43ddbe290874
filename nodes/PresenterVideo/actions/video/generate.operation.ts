import { estimateGenerationCredits } from '../../billing/estimate';
import { billingOptionFields } from '../../billing/fields';
import { buildGenerationBody } from '../../input/requestBodies';
import { generationFields, generationOptionFields, readGenerationInput } from './generationFields';
import { jobStartOperation } from './jobOperations';

export const { description, pausesForJob, prepare, execute, billing } = jobStartOperation({
	kind: 'generation',
	operation: 'generate',
	fields: generationFields,
	options: [...generationOptionFields, ...billingOptionFields],
	buildBody: (context, itemIndex) => buildGenerationBody(readGenerationInput(context, itemIndex)),
	estimateCredits: (_context, _itemIndex, body) => estimateGenerationCredits(body),
});
