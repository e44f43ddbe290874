import {
	NodeApiError,
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
	/** The export job the file belongs to: named in errors, so the file can be fetched again. */
	jobId?: string;
	/**
	 * The connection's idle time-out: how long to wait for the first byte and for each next chunk
	 * (default: the read time-out). It does not bound the whole transfer: that is the size-based
	 * transfer time-out below, or the caller's `abortSignal`.
	 */
	timeoutMs?: number;
	abortSignal?: AbortSignal;
}

/** A whole transfer may take a minute plus a second per this many bytes: slow links, big files. */
const TRANSFER_BASE_MS = 60_000;
const MIN_BYTES_PER_SECOND = 256 * 1024;
/** When the size is not announced: long enough for any export. */
const UNKNOWN_SIZE_TRANSFER_MS = 60 * 60_000;

/** How long the whole transfer of a file may take, from its announced size. */
export function transferTimeoutMs(contentLength: unknown): number {
	const bytes = Number(contentLength);
	if (!Number.isFinite(bytes) || bytes <= 0) return UNKNOWN_SIZE_TRANSFER_MS;
	return TRANSFER_BASE_MS + Math.ceil((bytes / MIN_BYTES_PER_SECOND) * 1000);
}

function refetchHint(request: DownloadRequest): string {
	return request.jobId
		? `The export job ${request.jobId} completed and its file stays available for 7 days: run the Download operation with Export Job ID ${request.jobId} to fetch it again.`
		: 'Run the Download operation again with the same address; links stay valid for 7 days after the export.';
}

type BodyStream = BinarySource & { destroy?: (error?: Error) => void };

/** Reads the body into binary data; a cut or overlong transfer becomes a node error. */
async function storeBody(context: DownloadContext, request: DownloadRequest, response: IN8nHttpFullResponse) {
	const body = response.body as BodyStream;
	const limitMs = transferTimeoutMs(response.headers?.['content-length']);
	const deadline = AbortSignal.timeout(limitMs);
	const stop = () => body.destroy?.(new Error(`not finished within ${Math.round(limitMs / 1000)} s`));
	deadline.addEventListener('abort', stop, { once: true });
	try {
		return await context.helpers.prepareBinaryData(body, request.fileName, request.mimeType);
	} catch (error) {
		const refused = oversizedFromStoreError(error);
		if (refused) {
			throw oversizedFileError(context.getNode(), {
				...refused,
				fileName: request.fileName,
				itemIndex: request.itemIndex,
			});
		}
		const cause = deadline.aborted ? `not finished within ${Math.round(limitMs / 1000)} s` : networkCause(error);
		const job = request.jobId ? ` of export job ${request.jobId}` : '';
		throw new NodeApiError(
			context.getNode(),
			{ url: request.url },
			{
				// The cause goes in the description: n8n replaces a message that names a network code.
				message: `The download of ${request.fileName}${job} was cut off before the end`,
				description: `Cause: ${cause}. ${refetchHint(request)}`,
				itemIndex: request.itemIndex,
			},
		);
	} finally {
		deadline.removeEventListener('abort', stop);
	}
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
	const binary = await storeBody(context, request, response);
	noteStoredFile(binary);
	return binary;
}
