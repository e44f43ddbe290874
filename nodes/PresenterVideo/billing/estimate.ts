import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../service/limits';
import {
	avatarCredits,
	baseExportCredits,
	generationCredits,
	highResolutionCredits,
	isAvatarModel,
	roundCredits,
} from './rules';

/**
 * Credits a start will cost, computed from the body the node is about to send. Facts the body does
 * not carry are assumed on the side of paying more, and each assumption is named so the user can
 * see why an estimate is higher than the service's own `estimated_credits`.
 */

interface CreditEstimate {
	credits: number;
	/** Sentences naming what was assumed; empty when the estimate follows from the body alone. */
	assumptions: string[];
}

/** 150 words a minute, a usual speaking rate of synthetic voices. */
const SPOKEN_WORDS_PER_SECOND = 2.5;

/** How many images are animated when Animate Images is on without a maximum: not in the contract. */
const ASSUMED_ANIMATED_IMAGES = 3;

/** The longest video the contract allows, for lengths the node cannot know in advance. */
const LONGEST_VIDEO_SECONDS = LIMITS.maxDuration;

const FRAME_SIZES: Record<string, { width: number; height: number }> = {
	vertical: { width: 1080, height: 1920 },
	ads: { width: 1080, height: 1350 },
	square: { width: 1080, height: 1080 },
	horizontal: { width: 1920, height: 1080 },
};

function has(body: IDataObject, field: string): boolean {
	const value = body[field];
	return value !== undefined && value !== null && value !== '';
}

function countWords(text: string): number {
	const trimmed = text.trim();
	return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

function generationSeconds(body: IDataObject, assumptions: string[]): number {
	if (has(body, 'script')) {
		return Math.ceil(countWords(String(body.script)) / SPOKEN_WORDS_PER_SECOND);
	}
	if (has(body, 'prompt') && typeof body.duration === 'number') return body.duration;
	assumptions.push(
		`Video length unknown before generation (voice or avatar media): counted as the longest allowed, ${LONGEST_VIDEO_SECONDS} s.`,
	);
	return LONGEST_VIDEO_SECONDS;
}

function animatedImages(body: IDataObject, assumptions: string[]): number {
	if (body.animate_image !== true) return 0;
	if (typeof body.animate_image_max === 'number') return body.animate_image_max;
	assumptions.push(
		`Number of animated images unknown (no Max Images to Animate): counted as ${ASSUMED_ANIMATED_IMAGES}.`,
	);
	return ASSUMED_ANIMATED_IMAGES;
}

/** Generation: 5 per started 30 s (15 s buffer) plus 5 per animated image. */
export function estimateGenerationCredits(body: IDataObject): CreditEstimate {
	const assumptions: string[] = [];
	const seconds = generationSeconds(body, assumptions);
	const images = animatedImages(body, assumptions);
	return { credits: generationCredits(seconds, images), assumptions };
}

/** What the node may know about the video an export starts from (for example Generate's output). */
export interface ExportedVideo {
	durationSeconds?: number;
	/** `api` for videos generated through the API (this node's Generate), `dashboard` otherwise. */
	origin?: 'api' | 'dashboard';
	/** Frame of the generated video, used when the export keeps the original format. */
	width?: number;
	height?: number;
	hasAvatar?: boolean;
	avatarSeconds?: number;
}

function exportFrame(body: IDataObject, video: ExportedVideo): { width: number; height: number } | undefined {
	const format = typeof body.format === 'string' ? body.format : undefined;
	if (format === 'custom') return { width: Number(body.width), height: Number(body.height) };
	if (format !== undefined && FRAME_SIZES[format]) return FRAME_SIZES[format];
	if (video.width !== undefined && video.height !== undefined) {
		return { width: video.width, height: video.height };
	}
	return undefined;
}

/**
 * Export: base (0 for API videos) + high resolution (2.5 per started 30 s) + avatar model (per
 * second of avatar visibility, veo per 8-second segment).
 */
export function estimateExportCredits(body: IDataObject, video: ExportedVideo = {}): CreditEstimate {
	const assumptions: string[] = [];
	let seconds = video.durationSeconds;
	if (seconds === undefined) {
		seconds = LONGEST_VIDEO_SECONDS;
		assumptions.push(`Video length unknown: counted as the longest allowed, ${LONGEST_VIDEO_SECONDS} s.`);
	}
	if (video.origin === undefined) {
		assumptions.push('Video taken as generated through the API: its base export is free.');
	}
	const base = baseExportCredits(video.origin ?? 'api', seconds);

	const frame = exportFrame(body, video);
	if (frame === undefined) {
		assumptions.push('Original frame unknown: taken as the default 1080x1920, not high resolution.');
	}
	const highResolution = frame ? highResolutionCredits(frame.width, frame.height, seconds) : 0;

	let avatar = 0;
	const model = isAvatarModel(body.avatar_model) ? body.avatar_model : video.hasAvatar === true ? 'premium' : undefined;
	if (model !== undefined) {
		if (!isAvatarModel(body.avatar_model)) {
			assumptions.push('Avatar model chosen by the service: counted as premium, the dearer default.');
		}
		if (video.avatarSeconds === undefined) {
			assumptions.push('Avatar visibility unknown: counted as the whole video.');
		}
		avatar = avatarCredits(model, video.avatarSeconds ?? seconds);
	}
	return { credits: roundCredits(base + highResolution + avatar), assumptions };
}
