import type { IBinaryKeyData } from 'n8n-workflow';

import { downloadToBinary, type DownloadContext } from '../transport/download';

export interface VideoFilesRequest {
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
