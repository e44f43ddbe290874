import { SPACE_IDS } from './accounts';
import { ApiError } from './api-errors';
import { DASHBOARD_AVATAR_ID } from './catalogue';
import type { AvatarModel } from './costs';
import type { DashboardVideoIds } from './ids';

/** Video formats shared by generation and export, with their pixel sizes. */
export const VIDEO_FORMATS = ['vertical', 'square', 'ads', 'horizontal', 'custom'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];

export const FORMAT_PIXELS: Record<
	Exclude<VideoFormat, 'custom'>,
	{ width: number; height: number }
> = {
	vertical: { width: 1080, height: 1920 },
	ads: { width: 1080, height: 1350 },
	square: { width: 1080, height: 1080 },
	horizontal: { width: 1920, height: 1080 },
};

export const DEFAULT_CUSTOM_SIZE = { width: 1080, height: 1920 };
export const MAX_CUSTOM_SIDE = 5000;

/** The format when it is one of `accepted`; otherwise 400 `INVALID_FORMAT`, the message starting with `problem`. */
export function checkFormat(value: unknown, accepted: readonly VideoFormat[], problem: string): VideoFormat {
	if (typeof value === 'string' && (accepted as readonly string[]).includes(value)) return value as VideoFormat;
	const choices = `${accepted.slice(0, -1).join(', ')} or ${accepted[accepted.length - 1] ?? ''}`;
	throw new ApiError(400, 'INVALID_FORMAT', `${problem} "${String(value)}": use ${choices}.`, 'format');
}

/** Pixel size of a format; width and height only count for `custom`. */
export function frameSize(
	format: VideoFormat,
	width?: number,
	height?: number,
): { width: number; height: number } {
	if (format !== 'custom') return FORMAT_PIXELS[format];
	return {
		width: width ?? DEFAULT_CUSTOM_SIZE.width,
		height: height ?? DEFAULT_CUSTOM_SIZE.height,
	};
}

export type VideoOrigin = 'api' | 'dashboard';

export interface VideoRecord {
	id: string;
	spaceId: string;
	origin: VideoOrigin;
	durationSeconds: number;
	format: VideoFormat;
	width: number;
	height: number;
	avatar?: { id: string; modelAvailable: AvatarModel[] };
	/** Seconds the avatar is on screen; 0 without avatar. */
	avatarSeconds: number;
	/** Exports of this video fail with this code (from an export-fail marker). */
	exportFailCode?: string;
	/** Made with Veo (from a marker): on the service's code its exports take only Veo avatar models. */
	veoMade?: true;
	/** Its exports complete without a download URL (from a marker), which the service's code reports without `result`. */
	exportsWithoutResult?: true;
	/** The generation job that produces the video; absent for dashboard videos, which are ready. */
	generationJobId?: string;
}

/** Each Enterprise space holds one finished dashboard video: 90 s, avatar on screen for 60 s. */
export function seededDashboardVideos(
	ids: DashboardVideoIds,
	avatarModels: AvatarModel[],
): VideoRecord[] {
	const spaces: Array<[string, string]> = [
		[SPACE_IDS.main, ids.main],
		[SPACE_IDS.other, ids.other],
		[SPACE_IDS.poor, ids.poor],
	];
	return spaces.map(([spaceId, id]) => ({
		id,
		spaceId,
		origin: 'dashboard',
		durationSeconds: 90,
		format: 'horizontal',
		...FORMAT_PIXELS.horizontal,
		avatar: { id: DASHBOARD_AVATAR_ID, modelAvailable: [...avatarModels] },
		avatarSeconds: 60,
	}));
}
