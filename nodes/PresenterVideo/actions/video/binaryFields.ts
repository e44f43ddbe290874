import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOptions } from '../../input/fields';
import { checkBinaryTargets } from '../../input/validation';

/** Where Create and Download put the files they download. */

export const binaryOptionFields: INodeProperties[] = [
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the MP4 in. In database binary mode (queue mode) n8n holds the whole file in memory and refuses files over 512 MiB unless N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE is raised.',
	},
	{
		displayName: 'Put Thumbnail in Field',
		name: 'thumbnailPropertyName',
		type: 'string',
		default: 'thumbnail',
		hint: 'The name of the output binary field to put the thumbnail in, when Download Thumbnail is on',
	},
];

export type BinaryTargets = ReturnType<typeof checkBinaryTargets>;

/** The MP4's binary field and, with Download Thumbnail on, the thumbnail's. */
export function readBinaryTargets(context: IExecuteFunctions, itemIndex: number): BinaryTargets {
	const withThumbnail = context.getNodeParameter('downloadThumbnail', itemIndex, false) as boolean;
	const options = readOptions(context, itemIndex);
	return checkBinaryTargets(options.binaryPropertyName, options.thumbnailPropertyName, withThumbnail);
}
