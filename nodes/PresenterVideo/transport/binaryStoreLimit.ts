import { NodeOperationError, type IBinaryData, type INode } from 'n8n-workflow';

const MIB = 1024 * 1024;

/**
 * n8n's database binary-data mode (queue mode's default) reads the whole file into memory, then
 * refuses it when it is larger than its cap. Filesystem mode streams to disk and has no cap.
 */
export const DATABASE_MODE_CAP = {
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

/** For tests: a freshly started process knows nothing yet. */
export function forgetBinaryStore(): void {
	learned.databaseMode = false;
	learned.capMiB = undefined;
}

export interface OversizedFile {
	sizeMiB: number;
	capMiB: number;
}

/** The size and cap from n8n's FileTooLargeError, or undefined for any other error. */
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
export function oversizedFix(): string {
	const { envVariable, defaultMiB, highestMiB } = DATABASE_MODE_CAP;
	return `n8n keeps binary data in its database here (queue mode's default), which holds the whole file in memory and refuses files over ${envVariable} (${defaultMiB} MiB unless set). Raise ${envVariable} (up to ${highestMiB}), or in regular mode set N8N_DEFAULT_BINARY_DATA_MODE=filesystem, or turn the download off and pass on the video's address instead.`;
}

export function oversizedFileError(
	node: INode,
	file: OversizedFile & { fileName: string; itemIndex?: number },
): NodeOperationError {
	return new NodeOperationError(
		node,
		`${file.fileName} (${formatMiB(file.sizeMiB)}) is larger than n8n's binary data limit of ${formatMiB(file.capMiB)}`,
		{ description: oversizedFix(), itemIndex: file.itemIndex },
	);
}
