import { jobStatusOperation } from './jobOperations';

export const { description, prepare, execute } = jobStatusOperation('generation', 'getGenerationStatus');
