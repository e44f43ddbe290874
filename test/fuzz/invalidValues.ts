/** Invalid values for each kind of parameter, as typed in the editor or mapped by an expression. */

export type ParameterKind =
	| { type: 'text'; maxLength?: number }
	| { type: 'optionalText'; maxLength?: number }
	| { type: 'number'; min: number; max: number; integer?: boolean; optional?: boolean }
	| { type: 'url' }
	| { type: 'voiceUrl' }
	| { type: 'urlList'; max?: number }
	| { type: 'boolean' }
	| { type: 'choice' }
	| { type: 'modelId' }
	| { type: 'extraFields' }
	| { type: 'binaryName' }
	/** Objects and lists are keys by their content; invisible, non-finite and overlong keys are not. */
	| { type: 'key' };

export const AN_OBJECT = '={{ { topic: "coffee", nested: { a: 1 } } }}';
export const A_LIST = '={{ ["a", "b"] }}';
export const NOT_A_NUMBER = '={{ NaN }}';
export const HUGE_TEXT = '={{ "x".repeat(200000) }}';

const INVISIBLE = [
	'\u0000\u0000\u0000',
	'\u200b\u200c\u200d\ufeff',
	' \t\n ',
	'\u3164\u115f\u1160\uffa0',
	'\u034f\u17b4\u180b\ufe00\ufe0f\u{e0100}\u2800',
];
const STRUCTURED = [AN_OBJECT, A_LIST, NOT_A_NUMBER, '={{ Infinity }}'];
const NOT_WEB_URLS = ['not a url', 'ftp://files.example/a.mp4', 'javascript:alert(1)', 'file:///etc/passwd'];

function numbers(kind: Extract<ParameterKind, { type: 'number' }>): unknown[] {
	const values: unknown[] = [
		...STRUCTURED,
		'abc',
		'={{ Infinity }}',
		'={{ -Infinity }}',
		kind.min - 1,
		...(Number.isFinite(kind.max) ? [kind.max + 1] : []),
		'={{ 1e308 * 10 }}',
		...(kind.min > 0 ? ['={{ -0 }}'] : []),
		...(Number.isFinite(kind.max) && kind.max < 1e21 ? ['={{ 1e21 }}'] : []),
		'={{ "9".repeat(400) }}',
		true,
		'={{ "12abc" }}',
	];
	if (kind.integer) values.push(kind.min + 0.5);
	return values;
}

/** The values every parameter of a kind must refuse; `random` adds seeded junk beyond the fixed list. */
export function invalidValues(kind: ParameterKind, random: () => number): unknown[] {
	const junk = randomInvisible(random);
	switch (kind.type) {
		case 'text':
			return [
				...STRUCTURED,
				'',
				...INVISIBLE,
				junk,
				randomInvisible(random),
				...(kind.maxLength === undefined
					? []
					: [HUGE_TEXT, 'y'.repeat(kind.maxLength + 1), '😀'.repeat(kind.maxLength + 1)]),
			];
		case 'optionalText':
			return [
				...STRUCTURED,
				INVISIBLE[0],
				INVISIBLE[1],
				INVISIBLE[3],
				INVISIBLE[4],
				junk,
				...(kind.maxLength === undefined ? [] : [HUGE_TEXT, 'i'.repeat(kind.maxLength + 1)]),
			];
		case 'number':
			return numbers(kind);
		case 'url':
			return [...STRUCTURED, ...NOT_WEB_URLS, INVISIBLE[1]];
		case 'voiceUrl':
			return [...STRUCTURED, ...NOT_WEB_URLS, 'https://voices.example/me.ogg'];
		case 'urlList':
			return [
				AN_OBJECT,
				'={{ [{ a: 1 }] }}',
				'={{ 42 }}',
				...NOT_WEB_URLS.slice(0, 2),
				...(kind.max === undefined
					? []
					: [Array.from({ length: kind.max + 1 }, (_, i) => `https://pages.example/${i}`).join(', ')]),
			];
		case 'boolean':
			return ['yes', '={{ "false" }}', AN_OBJECT, A_LIST, '={{ 1 }}'];
		case 'choice':
			return ['bogus', AN_OBJECT, A_LIST, '={{ "" + "ultra!" }}'];
		case 'modelId':
			return [
				AN_OBJECT,
				A_LIST,
				'ultra!',
				'two words',
				INVISIBLE[1],
				'={{ "m".repeat(500) }}',
				'={{ 5 }}',
				'={{ true }}',
			];
		case 'extraFields':
			return [
				'{not json',
				'[1, 2]',
				'"text"',
				A_LIST,
				'{"prompt": "replaced"}',
				'{"animate_image": true, "animate_image_max": 5000}',
				'{"animateImage": true}',
				'{"script": "smuggled"}',
				'{"webhook_url": "https://elsewhere.example"}',
				'{"__proto__": {"polluted": true}}',
				'{"enable_subtitles": "yes"}',
			];
		case 'key':
			// White space alone is no key, like an empty field; characters that draw nothing are refused.
			return [
				NOT_A_NUMBER,
				'={{ Infinity }}',
				...INVISIBLE.filter((text) => text.trim() !== ''),
				junk,
				'={{ "k".repeat(2001) }}',
			];
		case 'binaryName':
			return ['__proto__', 'constructor', 'prototype', AN_OBJECT, A_LIST, INVISIBLE[1]];
	}
}

/** Every code point Unicode marks as drawing nothing, with the fillers and the blank Braille pattern. */
const BLANK = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u2800]$/u;

function blankCodePoints(): string[] {
	const blanks: string[] = [];
	for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
		if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
		const character = String.fromCodePoint(codePoint);
		if (BLANK.test(character)) blanks.push(character);
	}
	return blanks;
}

/** White space alone leaves an optional field empty, which is allowed: the pool keeps the rest of the class. */
const BLANKS = blankCodePoints().filter((character) => !/^\p{White_Space}$/u.test(character));

/** A string of seeded length made only of characters that show nothing, drawn from the whole class. */
function randomInvisible(random: () => number): string {
	const pool = BLANKS;
	const length = 1 + Math.floor(random() * 40);
	return Array.from({ length }, () => pool[Math.floor(random() * pool.length)]).join('');
}

/** Mulberry32: a small seeded generator, so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
