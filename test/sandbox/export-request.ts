import { ApiError } from './api-errors';
import { AVATAR_MODELS, isAvatarModel, type AvatarModel } from './costs';
import { FieldChecks } from './field-checks';
import { requireObjectBody } from './request-body';
import { checkFormat, MAX_CUSTOM_SIDE, type VideoFormat } from './videos';

export interface ExportRequest {
	videoId: string;
	format?: VideoFormat;
	width?: number;
	height?: number;
	avatarModel?: AvatarModel;
	webhookUrl?: string;
}

/** Checks what can be checked without the video; the handler checks the rest against it. */
export function parseExportStart(rawBody: unknown, formats: readonly VideoFormat[]): ExportRequest {
	const body = requireObjectBody(rawBody);
	const checks = new FieldChecks(body);
	if (!checks.hasContent('video_id'))
		throw new ApiError(400, 'MISSING_VIDEO_ID', 'video_id is required.');

	const videoId = checks.string('video_id');
	const width = checks.number('width', { min: 1, max: MAX_CUSTOM_SIDE, integer: true });
	const height = checks.number('height', { min: 1, max: MAX_CUSTOM_SIDE, integer: true });
	const webhookUrl = checks.hasContent('webhook_url') ? checks.url('webhook_url') : undefined;
	checks.throwIfAny();

	const format =
		body.format === undefined || body.format === null
			? undefined
			: checkFormat(body.format, formats, 'Invalid export format');
	const avatarModel = body.avatar_model ?? undefined;
	if (avatarModel !== undefined && !isAvatarModel(avatarModel)) {
		throw new ApiError(
			400,
			'INVALID_AVATAR_MODEL',
			`Invalid avatar_model "${String(avatarModel)}": use ${AVATAR_MODELS.join(', ')}.`,
		);
	}
	return {
		videoId: videoId as string,
		...(format !== undefined ? { format } : {}),
		...(width !== undefined ? { width } : {}),
		...(height !== undefined ? { height } : {}),
		...(avatarModel !== undefined ? { avatarModel } : {}),
		...(webhookUrl !== undefined ? { webhookUrl } : {}),
	};
}
