import {
	NodeApiError,
	NodeOperationError,
	type BinaryHelperFunctions,
	type FunctionsBase,
	type IBinaryData,
	type IN8nHttpFullResponse,
	type RequestHelperFunctions,
} from 'n8n-workflow';

import {
	oversizedBeforeStreaming,
	oversizedFileError,
	oversizedFromStoreError,
	noteStoredFile,
} from './binaryStoreLimit';
import { READ_TIMEOUT_MS } from './constants';
import { networkCause } from './networkError';

export type DownloadContext = FunctionsBase & { helpers: RequestHelperFunctions & BinaryHelperFunctions };

export interface DownloadRequest {
	url: string;
	fileName: string;
	mimeType: string;
	itemIndex?: number;
	/** Bounds the whole transfer, not only the first byte (default: the read time-out). */
	timeoutMs?: number;
	abortSignal?: AbortSignal;
}

type BinarySource = Parameters<BinaryHelperFunctions['prepareBinaryData']>[0];

/** An unread error body would keep the connection open. */
function drain(stream: unknown): void {
	(stream as { resume?: () => void } | undefined)?.resume?.();
}

/** A file refused before reading it: its bytes are not wanted. */
function discard(stream: unknown): void {
	(stream as { destroy?: () => void } | undefined)?.destroy?.();
}

/**
 * Streams a file from the storage host into n8n's binary data: in filesystem mode it goes
 * straight to disk; in database mode n8n holds it in memory and caps its size. Sent without
 * credentials: the API key is for the API host only.
 */
export async function downloadToBinary(context: DownloadContext, request: DownloadRequest): Promise<IBinaryData> {
	const node = context.getNode();
	if (!/^https?:\/\//i.test(request.url)) {
		throw new NodeApiError(
			node,
			{ url: request.url },
			{ message: `The file address "${request.url}" is not a web address`, itemIndex: request.itemIndex },
		);
	}
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequest({
			method: 'GET',
			url: request.url,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: request.timeoutMs ?? READ_TIMEOUT_MS,
			abortSignal: request.abortSignal,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw new NodeApiError(
			node,
			{ url: request.url },
			{
				message: `Could not download ${request.fileName} (${networkCause(error)})`,
				description: 'The storage host could not be reached. Try again later.',
				itemIndex: request.itemIndex,
			},
		);
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		drain(response.body);
		throw new NodeApiError(
			node,
			{ url: request.url, httpCode: response.statusCode },
			{
				message: `Could not download ${request.fileName} (HTTP ${response.statusCode})`,
				description:
					'Download links stay valid for 7 days after the export. For an older export, export the video again.',
				httpCode: String(response.statusCode),
				itemIndex: request.itemIndex,
			},
		);
	}
	const tooLarge = oversizedBeforeStreaming(Number(response.headers?.['content-length'] ?? Number.NaN));
	if (tooLarge) {
		discard(response.body);
		throw oversizedFileError(node, { ...tooLarge, fileName: request.fileName, itemIndex: request.itemIndex });
	}
	let binary: IBinaryData;
	try {
		binary = await context.helpers.prepareBinaryData(response.body as BinarySource, request.fileName, request.mimeType);
	} catch (error) {
		const refused = oversizedFromStoreError(error);
		if (refused)
			throw oversizedFileError(node, { ...refused, fileName: request.fileName, itemIndex: request.itemIndex });
		throw new NodeOperationError(node, error as Error, { itemIndex: request.itemIndex });
	}
	noteStoredFile(binary);
	return binary;
}
