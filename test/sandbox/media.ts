/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The committed media fixtures, small enough to keep in memory. */
export interface MediaFixtures {
	/** 4 s, 180x320, H.264 + AAC, moov before mdat (faststart). */
	mp4: Buffer;
	jpeg: Buffer;
	mp3: Buffer;
}

export const MEDIA_DIR = join(__dirname, '..', 'fixtures', 'media');

export function loadMediaFixtures(): MediaFixtures {
	return {
		mp4: readFileSync(join(MEDIA_DIR, 'sample.mp4')),
		jpeg: readFileSync(join(MEDIA_DIR, 'thumbnail.jpg')),
		mp3: readFileSync(join(MEDIA_DIR, 'voice-preview.mp3')),
	};
}
