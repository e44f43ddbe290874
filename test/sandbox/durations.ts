/**
 * How long a generated video is, decided at generation start so the estimate equals the cost.
 * The spec leaves this open; these rules are the sandbox's.
 */

/** Speaking rate used to time a custom script: 150 words per minute. */
export const WORDS_PER_SECOND = 2.5;
/** A script-based video is never shorter than this. */
export const MIN_SCRIPT_SECONDS = 5;
/** Length of a media-only video (voice_url / avatar_url without prompt or script). */
export const MEDIA_ONLY_SECONDS = 30;

export function countWords(text: string): number {
	const words = text.trim().split(/\s+/);
	return words[0] === '' ? 0 : words.length;
}

export function scriptSeconds(script: string): number {
	return Math.max(MIN_SCRIPT_SECONDS, Math.ceil(countWords(script) / WORDS_PER_SECOND));
}

export type InputMethod = 'prompt' | 'script' | 'media';

export function videoSeconds(input: {
	method: InputMethod;
	duration?: number;
	script?: string;
}): number {
	if (input.method === 'script') return scriptSeconds(input.script ?? '');
	if (input.method === 'prompt') return input.duration ?? MEDIA_ONLY_SECONDS;
	return MEDIA_ONLY_SECONDS;
}
