import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { executeStatus, statusDescription } from './statusOperation';

export const description: INodeProperties[] = statusDescription('getGenerationStatus', 'generation');

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeStatus(this, 'generation');
}
