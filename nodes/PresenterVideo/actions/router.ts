import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import * as avatar from './avatar/Avatar.resource';
import type { PresenterVideoType } from './node.type';
import * as script from './script/Script.resource';
import * as video from './video/Video.resource';
import * as voice from './voice/Voice.resource';

type OperationExecute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

const OPERATIONS: { [R in keyof PresenterVideoType]: Record<PresenterVideoType[R], { execute: OperationExecute }> } = {
	voice,
	avatar,
	script,
	video,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as keyof PresenterVideoType;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = (OPERATIONS[resource] as Record<string, { execute: OperationExecute }> | undefined)?.[operation];
	if (!handler) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	const items = await handler.execute.call(this);
	const timedOut = items.filter((item) => item.json.timedOut === true).length;
	if (timedOut > 0) {
		this.addExecutionHints({
			message: `${timedOut} job(s) were still running after Max Wait. Their items carry the job ID and timedOut: true; check them later with a Get Status operation.`,
			location: 'outputPane',
		});
	}
	return [items];
}
