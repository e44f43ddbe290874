import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { executeStatus, statusDescription } from './statusOperation';

export const description: INodeProperties[] = statusDescription('getExportStatus', 'export');

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeStatus(this, 'export');
}
