import {
	type BinaryHelperFunctions,
	type FunctionsBase,
	type IBinaryData,
	type IBinaryKeyData,
	type IN8nHttpFullResponse,
	type INode,
	type JsonObject,
	NodeApiError,
	NodeOperationError,
	type RequestHelperFunctions,
} from 'n8n-workflow';

import { networkCause, SSRF_ALLOW_HINT, ssrfRefusal } from './errors';
import { TIMING } from '../timing';

export type DownloadContext = FunctionsBase & {
	helpers: RequestHelperFunctions & BinaryHelperFunctions;
	getExecutionCancelSignal?: () => AbortSignal | undefined;
};

interface DownloadRequest {
	url: string;
	fileName: string;
	mimeType: string;
	itemIndex?: number;
	/** The export job the file belongs to: named in errors, so the file can be fetched again. */
	jobId?: string;
	/** Why an address may not be fetched, checked for the first one and every redirect; undefined: allowed. */
	refuseUrl?: (url: string) => string | undefined;
}

/** A hop's headers come within n8n's idle `timeout`; the body then has one deadline, from its announced size. */
export const DOWNLOAD_LIMITS = {
	...TIMING.download,
	/** No export is near this; a body that never ends must not fill the disk in filesystem mode. */
	maxBytes: 8 * 1024 ** 3,
};

export function transferTimeoutMs(contentLength: unknown): number {
	const bytes = Number(contentLength);
	const { transferBaseMs, minBytesPerSecond, unknownSizeTransferMs } = DOWNLOAD_LIMITS;
	if (!Number.isFinite(bytes) || bytes <= 0) return unknownSizeTransferMs;
	return transferBaseMs + Math.ceil((bytes / minBytesPerSecond) * 1000);
}

function refetchHint(request: DownloadRequest): string {
	return request.jobId
		? `The export job ${request.jobId} completed and its file stays available for 7 days: run the Download operation with Export Job ID ${request.jobId} to fetch it again.`
		: 'Run the Download operation again with the same address; links stay valid for 7 days after the export.';
}

/** A download that failed; `cause` is what n8n keeps as the error's cause, `hint` its description. */
function downloadError(node: INode, request: DownloadRequest, cause: JsonObject, message: string, hint?: string) {
	const httpCode = cause.httpCode === undefined ? undefined : String(cause.httpCode);
	return new NodeApiError(node, cause, { message, description: hint, httpCode, itemIndex: request.itemIndex });
}

function stoppedError(node: INode, request: DownloadRequest) {
	const message = `The download of ${request.fileName} was stopped`;
	return new NodeOperationError(node, message, { description: refetchHint(request), itemIndex: request.itemIndex });
}

type BodyStream = Parameters<BinaryHelperFunctions['prepareBinaryData']>[0] & {
	destroy?: (error?: Error) => void;
	map?: (transform: (chunk: Buffer) => Buffer) => BodyStream;
};

/** Reads a 2xx answer's body into binary data; a stopped, cut or overlong transfer becomes a node error. */
async function storeBody(context: DownloadContext, request: DownloadRequest, response: IN8nHttpFullResponse) {
	const node = context.getNode();
	const body = response.body as BodyStream;
	const { maxBytes } = DOWNLOAD_LIMITS;
	const announced = Number(response.headers?.['content-length'] ?? Number.NaN);
	const overOwnBound = announced > maxBytes ? { sizeMiB: announced / MIB, capMiB: maxBytes / MIB } : undefined;
	const tooLarge = oversizedBeforeStreaming(announced) ?? overOwnBound;
	if (tooLarge) {
		body.destroy?.();
		throw oversizedFileError(node, request, tooLarge);
	}
	// A big export may take over an hour; the deadline or Stop ends the transfer, and the error says which.
	const limitMs = transferTimeoutMs(announced);
	const deadline = AbortSignal.timeout(limitMs);
	const cancel = context.getExecutionCancelSignal?.();
	const end = () => body.destroy?.(new Error('transfer ended'));
	deadline.addEventListener('abort', end, { once: true });
	cancel?.addEventListener('abort', end, { once: true });
	// Counted as it flows (Readable's map, in order), so a body without Content-Length cannot fill the disk either.
	let bytes = 0;
	const bounded = body.map?.((chunk) => {
		bytes += chunk.length;
		if (bytes > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
		return chunk;
	});
	try {
		if (cancel?.aborted) end();
		return await context.helpers.prepareBinaryData(bounded ?? body, request.fileName, request.mimeType);
	} catch (error) {
		if (bytes > maxBytes) throw oversizedFileError(node, request, { sizeMiB: Number.NaN, capMiB: maxBytes / MIB });
		if (cancel?.aborted) throw stoppedError(node, request);
		const refused = oversizedFromStoreError(error);
		if (refused) throw oversizedFileError(node, request, refused);
		const job = request.jobId ? ` of export job ${request.jobId}` : '';
		const message = `The download of ${request.fileName}${job} was cut off before the end`;
		// The cause goes in the description: n8n replaces a message that names a network code.
		const cause = deadline.aborted ? `not finished within ${Math.round(limitMs / 1000)} s` : networkCause(error);
		throw downloadError(node, request, { url: request.url }, message, `Cause: ${cause}. ${refetchHint(request)}`);
	} finally {
		deadline.removeEventListener('abort', end);
		cancel?.removeEventListener('abort', end);
	}
}

/** Why an address is not fetched: not a web address, user info in it, or the caller's own rule. */
function urlProblem(request: DownloadRequest, url: string): string | undefined {
	if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return `"${url.slice(0, 200)}" is not a web address`;
	const { username, password, host } = new URL(url);
	if (username !== '' || password !== '') return `the address of ${host} carries a user name or password`;
	return request.refuseUrl?.(url);
}

const SSRF_REFUSED = `Nothing was fetched. If this is the service's storage host, it resolves to an address n8n blocks. ${SSRF_ALLOW_HINT} A file address you do not expect there may be a forged link: do not allow it.`;

/** Redirects are followed by hand: a storage host must not send the node to any address it likes. */
async function fetchFollowingRedirects(context: DownloadContext, request: DownloadRequest) {
	const node = context.getNode();
	const { requestTimeoutMs, maxRedirects } = DOWNLOAD_LIMITS;
	const couldNot = `Could not download ${request.fileName}`;
	const cancel = context.getExecutionCancelSignal?.();
	let url = request.url;
	for (let hop = 0; ; hop++) {
		// The hop is named by its host: a signed link's query is a secret.
		const host = { url: URL.canParse(url) ? new URL(url).host : 'an unreadable address' };
		const problem = urlProblem(request, url);
		if (problem !== undefined) {
			const via = hop === 0 ? '' : ` (redirected there ${hop === 1 ? 'once' : `${hop} times`})`;
			const message = `${couldNot}: ${problem}${via}`;
			throw downloadError(node, request, host, message, 'Nothing was fetched from that address.');
		}
		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequest({
				method: 'GET',
				url,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				timeout: requestTimeoutMs,
				abortSignal: cancel,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			const refusal = ssrfRefusal(error);
			if (refusal) {
				const message = `${couldNot}: n8n's SSRF protection refused the address ${refusal.target}`;
				throw downloadError(node, request, { ...host, target: refusal.target }, message, SSRF_REFUSED);
			}
			if (cancel?.aborted) throw stoppedError(node, request);
			const message = `${couldNot} (${networkCause(error)})`;
			throw downloadError(node, request, host, message, 'The storage host could not be reached. Try again later.');
		}
		const { statusCode, headers } = response;
		if (statusCode >= 200 && statusCode < 300) return response;
		// Not read, a redirect's or an error's body would hold the connection.
		(response.body as BodyStream | undefined)?.destroy?.();
		if (statusCode < 300 || statusCode >= 400 || typeof headers?.location !== 'string') {
			const message = `${couldNot} (HTTP ${statusCode})`;
			const hint =
				'Download links stay valid for 7 days after the export. For an older export, export the video again.';
			throw downloadError(node, request, { url: request.url, httpCode: statusCode }, message, hint);
		}
		if (hop >= maxRedirects)
			throw downloadError(node, request, host, `${couldNot}: more than ${maxRedirects} redirects`);
		url = URL.canParse(headers.location, url) ? new URL(headers.location, url).href : headers.location;
	}
}

/** Streamed without credentials (the key is for the API host only): to disk in filesystem mode. */
export async function downloadToBinary(context: DownloadContext, request: DownloadRequest): Promise<IBinaryData> {
	const binary = await storeBody(context, request, await fetchFollowingRedirects(context, request));
	noteStoredFile(binary);
	return binary;
}

const MIB = 1024 * 1024;
/** n8n refuses to start with a higher N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE. */
const HIGHEST_DATABASE_CAP_MIB = 1024;

const OVERSIZED_FIX = `n8n keeps binary data in its database here (queue mode's default), which holds the whole file in memory and refuses files over N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (512 MiB unless set). Raise N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (up to ${HIGHEST_DATABASE_CAP_MIB}), or in regular mode set N8N_DEFAULT_BINARY_DATA_MODE=filesystem, or turn the download off and pass on the video's address instead.`;

/** n8n's binary store as this process learned it: the mode from a file's id, the cap from a refusal. */
const learned: { databaseMode: boolean; capMiB?: number } = { databaseMode: false };

export function noteStoredFile(binary: IBinaryData): void {
	if (binary.id?.startsWith('database:')) learned.databaseMode = true;
}

type OversizedFile = { sizeMiB: number; capMiB: number };

/**
 * n8n's FileTooLargeError has no fields for size and cap: its message is read (the same in n8n-core
 * 2.41.1 and 1.123.81; `download.test.ts` builds the real error, so it fails if the text changes).
 */
export function oversizedFromStoreError(error: unknown): OversizedFile | undefined {
	const message = error instanceof Error ? error.message : '';
	const cap = /max size limit of ([\d.]+) MB set for `database` mode/.exec(message);
	if (!cap) return undefined;
	const size = /its size of ([\d.]+) MB/.exec(message);
	learned.databaseMode = true;
	learned.capMiB = Number(cap[1]);
	return { sizeMiB: size ? Number(size[1]) : Number.NaN, capMiB: learned.capMiB };
}

/** In database mode, the refusal to expect: over the cap seen, or else the highest n8n allows. */
export function oversizedBeforeStreaming(announcedBytes: number): OversizedFile | undefined {
	if (!learned.databaseMode || !Number.isFinite(announcedBytes)) return undefined;
	const capMiB = learned.capMiB ?? HIGHEST_DATABASE_CAP_MIB;
	const sizeMiB = announcedBytes / MIB;
	return sizeMiB > capMiB ? { sizeMiB, capMiB } : undefined;
}

function oversizedFileError(node: INode, request: DownloadRequest, { sizeMiB, capMiB }: OversizedFile) {
	// Whole MiB from 100 up (a cap of 1024 must not read 1020), three digits below.
	const digits = (value: number) => (value >= 100 ? Math.round(value) : Number(value.toPrecision(3)));
	const mib = (value: number) => (Number.isFinite(value) ? `${digits(value)} MiB` : 'more');
	const message = `${request.fileName} (${mib(sizeMiB)}) is larger than n8n's binary data limit of ${mib(capMiB)}`;
	return new NodeOperationError(node, message, { description: OVERSIZED_FIX, itemIndex: request.itemIndex });
}

interface VideoFilesRequest extends Pick<DownloadRequest, 'itemIndex' | 'jobId'> {
	videoUrl: string;
	thumbnailUrl?: string;
	/** File name without extension, usually the job or video id. */
	baseName: string;
	binaryPropertyName: string;
	thumbnailPropertyName?: string;
}

/** Any other extension is taken for a JPEG. */
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', webp: 'image/webp' };

/** The MP4 and, when asked, its thumbnail as n8n binary properties. */
export async function downloadVideoFiles(context: DownloadContext, request: VideoFilesRequest) {
	const { baseName, itemIndex, jobId, thumbnailUrl, thumbnailPropertyName } = request;
	const file = async (url: string, extension: string, mimeType: string) =>
		await downloadToBinary(context, { url, fileName: `${baseName}.${extension}`, mimeType, itemIndex, jobId });
	const binary: IBinaryKeyData = { [request.binaryPropertyName]: await file(request.videoUrl, 'mp4', 'video/mp4') };
	if (thumbnailPropertyName && thumbnailUrl) {
		const extension = /\.([a-z0-9]{2,5})$/i.exec(new URL(thumbnailUrl).pathname)?.[1].toLowerCase() ?? 'jpg';
		binary[thumbnailPropertyName] = await file(thumbnailUrl, extension, IMAGE_TYPES[extension] ?? 'image/jpeg');
	}
	return binary;
}
