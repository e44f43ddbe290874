import {
	type BinaryHelperFunctions,
	type FunctionsBase,
	type IBinaryData,
	type IBinaryKeyData,
	type IN8nHttpFullResponse,
	type INode,
	NodeApiError,
	NodeOperationError,
	type RequestHelperFunctions,
} from 'n8n-workflow';

import { READ_TIMEOUT_MS } from './apiRequest';
import { networkCause, SSRF_ALLOW_HINT, ssrfRefusal } from './errors';
import { combineSignals } from './time';

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
	/**
	 * The connection's idle time-out: how long to wait for the first byte and for each next chunk
	 * (default: the read time-out). It does not bound the whole transfer: that is the size-based
	 * transfer time-out below, or the caller's `abortSignal`.
	 */
	timeoutMs?: number;
	/** Ends the transfer, e.g. Stop; by default the execution's cancel signal. */
	abortSignal?: AbortSignal;
	/** Why an address may not be fetched, checked for the first one and every redirect; undefined: allowed. */
	refuseUrl?: (url: string) => string | undefined;
	/** The largest body accepted, announced or not (default MAX_DOWNLOAD_BYTES). */
	maxBytes?: number;
	/** The whole transfer, headers to last byte, when the size is unknown (default UNKNOWN_SIZE_TRANSFER_MS). */
	totalTimeoutMs?: number;
}

/** Redirect hops followed, each re-checked, before a download is given up. */
const MAX_REDIRECTS = 5;

/** No export is near this; a body that never ends must not fill the disk in filesystem mode. */
export const MAX_DOWNLOAD_BYTES = 8 * 1024 ** 3;

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
async function storeBody(
	context: DownloadContext,
	request: DownloadRequest,
	response: IN8nHttpFullResponse,
	transfer: Transfer,
) {
	const body = response.body as BodyStream;
	// An announced size sets its own bound (a big export may take longer than an hour); without
	// one, the whole download, from its first request, has the transfer's bound.
	const announced = Number(response.headers?.['content-length']) > 0;
	const limitMs = announced ? transferTimeoutMs(response.headers?.['content-length']) : transfer.totalMs;
	const deadline = announced ? AbortSignal.timeout(limitMs) : transfer.deadline;
	const stop = () => body.destroy?.(new Error(`not finished within ${Math.round(limitMs / 1000)} s`));
	deadline.addEventListener('abort', stop, { once: true });
	const cancel = () => body.destroy?.(new Error('the execution was stopped'));
	transfer.cancel?.addEventListener('abort', cancel, { once: true });
	let oversized = false;
	const bounded = sizeBounded(body, transfer.maxBytes, () => (oversized = true));
	try {
		if (transfer.cancel?.aborted) cancel();
		return await context.helpers.prepareBinaryData(bounded, request.fileName, request.mimeType);
	} catch (error) {
		if (oversized) {
			throw oversizedFileError(context.getNode(), {
				sizeMiB: Number.NaN,
				capMiB: transfer.maxBytes / MIB,
				fileName: request.fileName,
				itemIndex: request.itemIndex,
			});
		}
		if (transfer.cancel?.aborted) {
			throw new NodeOperationError(context.getNode(), `The download of ${request.fileName} was stopped`, {
				description: refetchHint(request),
				itemIndex: request.itemIndex,
			});
		}
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
		transfer.cancel?.removeEventListener('abort', cancel);
	}
}

type MappableStream = BodyStream & { map?: (transform: (chunk: Buffer) => Buffer) => BodyStream };

/**
 * The body, counted as it flows (Readable's own map, in order), so one with no Content-Length
 * cannot grow without end in filesystem mode either.
 */
function sizeBounded(body: BodyStream, maxBytes: number, onOversized: () => void): BodyStream {
	const { map } = body as MappableStream;
	if (typeof map !== 'function') return body;
	let bytes = 0;
	return map.call(body, (chunk: Buffer) => {
		bytes += chunk.length;
		if (bytes > maxBytes) {
			onOversized();
			throw new Error(`larger than ${maxBytes} bytes`);
		}
		return chunk;
	});
}

/** What bounds one download: Stop, the whole-transfer deadline, the size. */
interface Transfer {
	cancel?: AbortSignal;
	deadline: AbortSignal;
	totalMs: number;
	maxBytes: number;
}

function hostOf(url: string): string {
	return URL.canParse(url) ? new URL(url).host : 'an unreadable address';
}

/** Why an address is not fetched: not a web address, user info in it, or the caller's own rule. */
function urlProblem(request: DownloadRequest, url: string): string | undefined {
	if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return `"${url.slice(0, 200)}" is not a web address`;
	const parsed = new URL(url);
	if (parsed.username !== '' || parsed.password !== '')
		return `the address of ${parsed.host} carries a user name or password`;
	return request.refuseUrl?.(url);
}

/**
 * GET without credentials, following redirects by hand: each hop's address is checked again (a
 * storage host must not send the node on to any address it likes), at most MAX_REDIRECTS of them.
 */
async function fetchFollowingRedirects(
	context: DownloadContext,
	request: DownloadRequest,
	signal: AbortSignal,
): Promise<{ url: string; response: IN8nHttpFullResponse }> {
	const node = context.getNode();
	let url = request.url;
	for (let hop = 0; ; hop++) {
		const problem = urlProblem(request, url);
		if (problem !== undefined) {
			const via = hop === 0 ? '' : ` (redirected there ${hop === 1 ? 'once' : `${hop} times`})`;
			throw new NodeApiError(
				node,
				{ url: hostOf(url) },
				{
					message: `Could not download ${request.fileName}: ${problem}${via}`,
					description: 'Nothing was fetched from that address.',
					itemIndex: request.itemIndex,
				},
			);
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
				timeout: request.timeoutMs ?? READ_TIMEOUT_MS,
				abortSignal: signal,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			const refusal = ssrfRefusal(error);
			if (refusal) {
				throw new NodeApiError(
					node,
					{ url: hostOf(url), target: refusal.target },
					{
						message: `Could not download ${request.fileName}: n8n's SSRF protection refused the address ${refusal.target}`,
						description: `Nothing was fetched. If this is the service's storage host, it resolves to an address n8n blocks. ${SSRF_ALLOW_HINT} A file address you do not expect there may be a forged link: do not allow it.`,
						itemIndex: request.itemIndex,
					},
				);
			}
			const stopped = request.abortSignal?.aborted || context.getExecutionCancelSignal?.()?.aborted;
			throw new NodeApiError(
				node,
				{ url: hostOf(url) },
				{
					message: stopped
						? `The download of ${request.fileName} was stopped`
						: `Could not download ${request.fileName} (${networkCause(error)})`,
					description: stopped ? refetchHint(request) : 'The storage host could not be reached. Try again later.',
					itemIndex: request.itemIndex,
				},
			);
		}
		const location = response.headers?.location;
		if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') {
			return { url, response };
		}
		drain(response.body);
		if (hop >= MAX_REDIRECTS) {
			throw new NodeApiError(
				node,
				{ url: hostOf(url) },
				{
					message: `Could not download ${request.fileName}: more than ${MAX_REDIRECTS} redirects`,
					itemIndex: request.itemIndex,
				},
			);
		}
		url = URL.canParse(location, url) ? new URL(location, url).href : location;
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
	const cancel = request.abortSignal ?? context.getExecutionCancelSignal?.();
	const totalMs = request.totalTimeoutMs ?? UNKNOWN_SIZE_TRANSFER_MS;
	const deadline = AbortSignal.timeout(totalMs);
	const transfer: Transfer = { cancel, deadline, totalMs, maxBytes: request.maxBytes ?? MAX_DOWNLOAD_BYTES };
	// The requests end on Stop, or on the deadline while no answer has come; the body is bounded
	// in storeBody, so an announced big file is not cut by this deadline.
	const requests = new AbortController();
	const signal = combineSignals(cancel, requests);
	let answered = false;
	deadline.addEventListener(
		'abort',
		() => {
			if (!answered) requests.abort();
		},
		{ once: true },
	);
	const { response } = await fetchFollowingRedirects(context, request, signal);
	answered = true;
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
	const announced = Number(response.headers?.['content-length'] ?? Number.NaN);
	const tooLarge =
		oversizedBeforeStreaming(announced) ??
		(announced > transfer.maxBytes ? { sizeMiB: announced / MIB, capMiB: transfer.maxBytes / MIB } : undefined);
	if (tooLarge) {
		discard(response.body);
		throw oversizedFileError(node, { ...tooLarge, fileName: request.fileName, itemIndex: request.itemIndex });
	}
	const binary = await storeBody(context, request, response, transfer);
	noteStoredFile(binary);
	return binary;
}

const MIB = 1024 * 1024;

/**
 * n8n's database binary-data mode (queue mode's default) reads the whole file into memory, then
 * refuses it when it is larger than its cap. Filesystem mode streams to disk and has no cap.
 */
const DATABASE_MODE_CAP = {
	envVariable: 'N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE',
	defaultMiB: 512,
	/** n8n refuses to start with a higher setting. */
	highestMiB: 1024,
};

/**
 * What this process has learned about n8n's binary store. A node cannot read n8n's settings, but
 * the store's mode shows in the id of every file it keeps, and its cap in the error it refuses with.
 */
const learned: { databaseMode: boolean; capMiB?: number } = { databaseMode: false };

export function noteStoredFile(binary: IBinaryData): void {
	if (binary.id?.startsWith('database:')) learned.databaseMode = true;
}

interface OversizedFile {
	sizeMiB: number;
	capMiB: number;
}

/**
 * The size and cap from n8n's FileTooLargeError, or undefined for any other error. n8n exports no
 * field for them: its message is read (the same text in n8n-core 2.41.1 and 1.123.81;
 * `download.test.ts` builds the real error, so it fails if the text changes).
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

/**
 * The refusal to expect from the store for a file of the announced size, when this process
 * already knows the store is the database: with the cap it has seen, or else the highest cap n8n
 * allows, so that nothing n8n would accept is refused here.
 */
export function oversizedBeforeStreaming(announcedBytes: number): OversizedFile | undefined {
	if (!learned.databaseMode || !Number.isFinite(announcedBytes)) return undefined;
	const capMiB = learned.capMiB ?? DATABASE_MODE_CAP.highestMiB;
	const sizeMiB = announcedBytes / MIB;
	return sizeMiB > capMiB ? { sizeMiB, capMiB } : undefined;
}

function formatMiB(value: number): string {
	return Number.isFinite(value) ? `${Number(value.toPrecision(3))} MiB` : 'more';
}

/** The sentence that names the limit and the ways around it. */
function oversizedFix(): string {
	const { envVariable, defaultMiB, highestMiB } = DATABASE_MODE_CAP;
	return `n8n keeps binary data in its database here (queue mode's default), which holds the whole file in memory and refuses files over ${envVariable} (${defaultMiB} MiB unless set). Raise ${envVariable} (up to ${highestMiB}), or in regular mode set N8N_DEFAULT_BINARY_DATA_MODE=filesystem, or turn the download off and pass on the video's address instead.`;
}

function oversizedFileError(
	node: INode,
	file: OversizedFile & { fileName: string; itemIndex?: number },
): NodeOperationError {
	return new NodeOperationError(
		node,
		`${file.fileName} (${formatMiB(file.sizeMiB)}) is larger than n8n's binary data limit of ${formatMiB(file.capMiB)}`,
		{ description: oversizedFix(), itemIndex: file.itemIndex },
	);
}

interface VideoFilesRequest {
	videoUrl: string;
	thumbnailUrl?: string;
	/** File name without extension, usually the job or video id. */
	baseName: string;
	binaryPropertyName: string;
	thumbnailPropertyName?: string;
	itemIndex?: number;
	/** The export job of the files, named if a download fails. */
	jobId?: string;
}

function extensionOf(url: string, fallback: string): string {
	const match = /\.([a-z0-9]{2,5})$/i.exec(new URL(url).pathname);
	return match ? match[1].toLowerCase() : fallback;
}

const IMAGE_TYPES: Record<string, string> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
};

/** The MP4 and, when asked, its thumbnail as n8n binary properties. */
export async function downloadVideoFiles(
	context: DownloadContext,
	request: VideoFilesRequest,
): Promise<IBinaryKeyData> {
	const binary: IBinaryKeyData = {
		[request.binaryPropertyName]: await downloadToBinary(context, {
			url: request.videoUrl,
			fileName: `${request.baseName}.mp4`,
			mimeType: 'video/mp4',
			itemIndex: request.itemIndex,
			jobId: request.jobId,
		}),
	};
	if (request.thumbnailPropertyName && request.thumbnailUrl) {
		const extension = extensionOf(request.thumbnailUrl, 'jpg');
		binary[request.thumbnailPropertyName] = await downloadToBinary(context, {
			url: request.thumbnailUrl,
			fileName: `${request.baseName}.${extension}`,
			mimeType: IMAGE_TYPES[extension] ?? 'image/jpeg',
			itemIndex: request.itemIndex,
			jobId: request.jobId,
		});
	}
	return binary;
}
