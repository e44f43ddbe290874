import { createHash, timingSafeEqual } from 'crypto';

function digest(value: string): Uint8Array {
	return new Uint8Array(createHash('sha256').update(value, 'utf8').digest());
}

/**
 * Whether the `secret` query value equals the configured one. Both sides are hashed first so the
 * comparison takes the same time whatever the length or the first differing character.
 * A repeated parameter (`?secret=a&secret=b`) arrives as an array and never matches.
 */
export function secretMatches(expected: string, given: unknown): boolean {
	if (typeof given !== 'string') return false;
	return timingSafeEqual(digest(expected), digest(given));
}
