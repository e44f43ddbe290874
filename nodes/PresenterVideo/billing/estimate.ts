import type { IDataObject } from 'n8n-workflow';

import { isUnset } from '../input/validation';
import { LIMITS } from '../service/limits';
import {
	avatarCredits,
	baseExportCredits,
	DEAREST_AVATAR_MODEL,
	generationCredits,
	highResolutionCredits,
	isAvatarModel,
	isCodeHighResolution,
	isHighResolution,
	roundCredits,
} from './rules';

export interface CreditEstimate {
	/** Max Credits is checked against it: unknowns at their dearest, the dearer of the two readings. */
	credits: number;
	/** Shown to a person: the service's code's reading, with the facts the input item gives. */
	likely: number;
	/** Sentences naming what the guard assumed; empty when it follows from the body alone. */
	assumptions: string[];
	/** What the likely estimate reads the rules as. */
	reading: string;
	/** What the likely estimate counts, in words: "a 1,388-s video from a script of 3,470 words". */
	basis: string;
	/** Set when no bound is known: the problem and what to set, for an error under a cap. */
	unbounded?: { problem: string; fix: string };
}

export const CODE_READING = 'as the service’s code bills today';

/** 150 words a minute, a usual speaking rate of synthetic voices: the likely length of a script. */
const SPOKEN_WORDS_PER_SECOND = 2.5;

/** 100 words a minute, a slow voice: the length a guard counts for a script. */
const SLOW_WORDS_PER_SECOND = 100 / 60;

/** How many images are animated when Animate Images is on without a maximum, for the likely estimate. */
const ASSUMED_ANIMATED_IMAGES = 3;

/** The longest video the contract allows, for lengths the node cannot know in advance. */
const LONGEST_VIDEO_SECONDS = LIMITS.maxDuration;

const FRAME_SIZES: Record<string, { width: number; height: number }> = {
	vertical: { width: 1080, height: 1920 },
	ads: { width: 1080, height: 1350 },
	square: { width: 1080, height: 1080 },
	horizontal: { width: 1920, height: 1080 },
};

/** A video's own frame may be anything the service allows. */
const LARGEST_FRAME = { width: LIMITS.maxPixels, height: LIMITS.maxPixels };

function countWords(text: string): number {
	const trimmed = text.trim();
	return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** A script is read at a slow voice's rate for a guard, a usual one for the estimate shown. */
export function generationSeconds(body: IDataObject, assumptions: string[] = [], guard = true): number {
	if (!isUnset(body.script)) {
		const rate = guard ? SLOW_WORDS_PER_SECOND : SPOKEN_WORDS_PER_SECOND;
		return Math.ceil(countWords(String(body.script)) / rate);
	}
	if (!isUnset(body.prompt) && typeof body.duration === 'number') return body.duration;
	assumptions.push(
		`Video length unknown before generation (voice or avatar media): counted as the longest allowed, ${LONGEST_VIDEO_SECONDS} s.`,
	);
	return LONGEST_VIDEO_SECONDS;
}

function thousands(value: number): string {
	return value.toLocaleString('en-US');
}

function generationBasis(body: IDataObject, likelySeconds: number, images: number): string {
	const video = !isUnset(body.script)
		? `a video of about ${thousands(likelySeconds)} s from a script of ${thousands(countWords(String(body.script)))} words (${SPOKEN_WORDS_PER_SECOND * 60} words a minute)`
		: !isUnset(body.prompt) && typeof body.duration === 'number'
			? `a ${thousands(likelySeconds)}-s video`
			: `a video as long as its recording, counted as ${LONGEST_VIDEO_SECONDS} s`;
	return images > 0 ? `${video} with ${images} animated image${images === 1 ? '' : 's'}` : video;
}

/** Generation: 5 per block of 30 s (the contract's and the code's blocks differ) plus 5 per animated image. */
export function estimateGenerationCredits(body: IDataObject): CreditEstimate {
	const assumptions: string[] = [];
	const seconds = generationSeconds(body, assumptions);
	const likelySeconds = generationSeconds(body, [], false);
	let images = 0;
	let unbounded: CreditEstimate['unbounded'];
	if (isUnset(body.script) && !(!isUnset(body.prompt) && typeof body.duration === 'number')) {
		unbounded = {
			problem: 'the video’s length follows the voice or avatar recording, which the node cannot know before generation',
			fix: 'Give a script or a prompt with a duration, or clear Max Credits per Execution.',
		};
	}
	if (body.animate_image === true) {
		if (typeof body.animate_image_max === 'number') images = body.animate_image_max;
		else {
			images = ASSUMED_ANIMATED_IMAGES;
			assumptions.push(
				`Number of animated images unknown (no Max Images to Animate): counted as ${ASSUMED_ANIMATED_IMAGES} in the estimate.`,
			);
			unbounded ??= {
				problem: 'Animate Images is on without a maximum, so the number of billed images has no bound',
				fix: 'Set Max Images to Animate in the node’s Options, or clear Max Credits per Execution.',
			};
		}
	}
	return {
		// A guard takes the dearer of the two readings.
		credits: Math.max(generationCredits(seconds, images, 'contract'), generationCredits(seconds, images, 'code')),
		likely: generationCredits(likelySeconds, images, 'code'),
		assumptions,
		reading: CODE_READING,
		basis: generationBasis(body, likelySeconds, images),
		unbounded,
	};
}

export interface ExportedVideo {
	durationSeconds?: number;
	/** `api` for videos generated through the API (this node's Generate), `dashboard` otherwise. */
	origin?: 'api' | 'dashboard';
	/** Format and frame of the generated video, used when the export keeps the original format. */
	format?: string;
	width?: number;
	height?: number;
	hasAvatar?: boolean;
	avatarSeconds?: number;
}

function exportFrame(body: IDataObject, video: ExportedVideo): { width: number; height: number } | undefined {
	const format = typeof body.format === 'string' ? body.format : undefined;
	if (format === 'custom') return { width: Number(body.width), height: Number(body.height) };
	if (format !== undefined && FRAME_SIZES[format]) return FRAME_SIZES[format];
	if (video.width !== undefined && video.height !== undefined) return { width: video.width, height: video.height };
	return video.format === undefined ? undefined : FRAME_SIZES[video.format];
}

/** The format the frame is billed in: the export's own, or the generated video's when it keeps it. */
function exportFormat(body: IDataObject, video: ExportedVideo): string | undefined {
	if (typeof body.format === 'string' && body.format !== 'original') return body.format;
	return video.format ?? (video.width !== undefined ? 'custom' : undefined);
}

/** Base (5 per 30 s for dashboard videos) + high resolution (2.5 per 30 s) + avatar model, one reading. */
function exportCredits(
	body: IDataObject,
	video: ExportedVideo,
	seconds: number,
	origin: 'api' | 'dashboard',
	guard: boolean,
	assumptions: string[],
): number {
	const base = baseExportCredits(origin, seconds);
	let frame = exportFrame(body, video);
	if (frame === undefined && guard) {
		frame = LARGEST_FRAME;
		assumptions.push(
			`Original frame unknown: counted as the largest allowed, ${LIMITS.maxPixels}x${LIMITS.maxPixels}.`,
		);
	}
	const format = exportFormat(body, video);
	// A guard counts a frame high resolution by either reading, so a custom 1080x1920 counts (the code's literal reading).
	const high =
		frame !== undefined &&
		(isCodeHighResolution(format, frame.width, frame.height) || (guard && isHighResolution(frame.width, frame.height)));
	const highResolution = high ? highResolutionCredits(seconds) : 0;

	const chosen = isAvatarModel(body.avatar_model) ? body.avatar_model : undefined;
	const mayHaveAvatar = guard ? video.hasAvatar !== false : video.hasAvatar === true;
	const model = chosen ?? (mayHaveAvatar ? (guard ? DEAREST_AVATAR_MODEL : 'premium') : undefined);
	if (model === undefined) return roundCredits(base + highResolution);
	if (chosen === undefined && guard)
		assumptions.push(`Avatar model chosen by the service: counted as ${DEAREST_AVATAR_MODEL}, the dearest.`);
	if (video.avatarSeconds === undefined && guard)
		assumptions.push('Avatar visibility unknown: counted as the whole video.');
	const avatar = avatarCredits(model, video.avatarSeconds ?? seconds, guard ? 'contract' : 'code');
	return roundCredits(base + highResolution + avatar);
}

/** `hints` (what an input item says) feed only the likely estimate: a hostile item must not lower the guard. */
export function estimateExportCredits(
	body: IDataObject,
	known: ExportedVideo = {},
	hints: ExportedVideo = {},
): CreditEstimate {
	const assumptions: string[] = [];
	let unbounded: CreditEstimate['unbounded'];
	let seconds = known.durationSeconds;
	if (seconds === undefined) {
		seconds = LONGEST_VIDEO_SECONDS;
		assumptions.push(`Video length unknown: counted as ${LONGEST_VIDEO_SECONDS} s in the estimate.`);
		unbounded = {
			problem: 'the length of the video to export is unknown, so its export cost has no bound',
			fix: 'Set Video Length at Most (Seconds) in the node’s Options to the longest the video can be, or clear Max Credits per Execution.',
		};
	}
	if (known.origin === undefined) assumptions.push('Video may be made in the dashboard: its base export counted.');
	const credits = exportCredits(body, known, seconds, known.origin ?? 'dashboard', true, assumptions);

	const likelyVideo = { ...hints, ...known };
	const likelySeconds = known.durationSeconds ?? hints.durationSeconds ?? LONGEST_VIDEO_SECONDS;
	const origin = likelyVideo.origin ?? 'api';
	// The service's code debits no export of an API-made video.
	const likely = origin === 'api' ? 0 : exportCredits(body, likelyVideo, likelySeconds, origin, false, []);
	const model = isAvatarModel(body.avatar_model) ? ` with the ${body.avatar_model} avatar model` : '';
	const basis = `the export of a ${thousands(likelySeconds)}-s video${model}`;
	return { credits, likely, assumptions, reading: CODE_READING, basis, unbounded };
}

/** Two starts of one item (Create: generation, then export), summed. */
export function addEstimates(first: CreditEstimate, second: CreditEstimate): CreditEstimate {
	return {
		credits: roundCredits(first.credits + second.credits),
		likely: roundCredits(first.likely + second.likely),
		assumptions: [...first.assumptions, ...second.assumptions],
		reading: first.reading,
		// The basis says what the likely figure counts: a start it counts at nothing adds nothing to say.
		basis: second.likely > 0 ? `${first.basis}, then ${second.basis}` : first.basis,
		unbounded: first.unbounded ?? second.unbounded,
	};
}
