import { InputError } from './inputError';
import { checkBinaryFieldName } from './validation';

const VIDEO_FIELD = 'Put Output File in Field';
const THUMBNAIL_FIELD = 'Put Thumbnail in Field';

/** The binary fields for the MP4 and its thumbnail: safe names, and two different ones. */
export function checkBinaryTargets(
	videoName: unknown,
	thumbnailName: unknown,
	withThumbnail: boolean,
): { binaryPropertyName: string; thumbnailPropertyName?: string } {
	const binaryPropertyName = checkBinaryFieldName(VIDEO_FIELD, videoName, 'data');
	if (!withThumbnail) return { binaryPropertyName };
	const thumbnailPropertyName = checkBinaryFieldName(THUMBNAIL_FIELD, thumbnailName, 'thumbnail');
	if (thumbnailPropertyName === binaryPropertyName) {
		throw new InputError(
			THUMBNAIL_FIELD,
			`is "${thumbnailPropertyName}", the field the MP4 goes in`,
			`Give the thumbnail another field name than ${VIDEO_FIELD}.`,
		);
	}
	return { binaryPropertyName, thumbnailPropertyName };
}
