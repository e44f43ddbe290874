import { SPACE_IDS } from './accounts';
import { DASHBOARD_AVATAR_ID } from './catalogue';
import type { AvatarModel } from './costs';

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

export function isVideoFormat(value: unknown): value is VideoFormat {
	return typeof value === 'string' && (VIDEO_FORMATS as readonly string[]).includes(value);
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

export interface VideoRecord {
	id: string;
	spaceId: string;
	origin: 'api' | 'dashboard';
	durationSeconds: number;
	format: VideoFormat;
	width: number;
	height: number;
	avatar?: { id: string; modelAvailable: AvatarModel[] };
	/** Seconds the avatar is on screen; 0 without avatar. */
	avatarSeconds: number;
	/** Exports of this video fail with this code (from an export-fail marker). */
	exportFailCode?: string;
	/** The generation job that produces the video; absent for dashboard videos, which are ready. */
	generationJobId?: string;
}

export const DASHBOARD_VIDEO_IDS = {
	main: 'vid_dashboard_a',
	other: 'vid_dashboard_b',
	poor: 'vid_dashboard_low',
};

/** Each Enterprise space holds one finished dashboard video: 90 s, avatar on screen for 60 s. */
export function seededDashboardVideos(): VideoRecord[] {
	const spaces: Array<[string, string]> = [
		[SPACE_IDS.main, DASHBOARD_VIDEO_IDS.main],
		[SPACE_IDS.other, DASHBOARD_VIDEO_IDS.other],
		[SPACE_IDS.poor, DASHBOARD_VIDEO_IDS.poor],
	];
	return spaces.map(([spaceId, id]) => ({
		id,
		spaceId,
		origin: 'dashboard',
		durationSeconds: 90,
		format: 'horizontal',
		...FORMAT_PIXELS.horizontal,
		avatar: {
			id: DASHBOARD_AVATAR_ID,
			modelAvailable: ['standard', 'premium', 'ultra', 'veo-3-fast', 'veo-3'],
		},
		avatarSeconds: 60,
	}));
}
