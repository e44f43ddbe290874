import { updateDisplayOptions } from 'n8n-workflow';

import { jobStatusFields, jobStatusOperation } from './jobOperations';

export const description = updateDisplayOptions(
	{ show: { resource: ['video'], operation: ['getExportStatus'] } },
	jobStatusFields('export'),
);

export const { prepare, execute } = jobStatusOperation('export');
