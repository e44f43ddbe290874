import {
	checkAvatarModelName,
	checkBinaryTargets,
	checkListFilters,
	checkLimit,
	checkMinutes,
	optionalText,
	requireText,
} from '../../../../nodes/PresenterVideo/input/validation';
import { refusal } from '../refusal';

describe('Limit', () => {
	it.each([[-5], [0], [Number.NaN], [2.5], ['abc'], [{}]])('refuses %p like n8n’s own Limit fields', (value) => {
		expect(refusal(() => checkLimit('Limit', value)).field).toBe('Limit');
	});

	it('accepts a whole number typed as text', () => {
		expect(checkLimit('Limit', '7')).toBe(7);
	});
});

describe('Max Wait', () => {
	it.each([['abc'], [{ minutes: 5 }], [Number.NaN], [Number.POSITIVE_INFINITY], [-1], [1441]])(
		'refuses %p, naming the field',
		(value) => {
			expect(refusal(() => checkMinutes('Max Wait (Minutes)', value, 30, 1440)).field).toBe('Max Wait (Minutes)');
		},
	);

	it('falls back to the default when left out', () => {
		expect(checkMinutes('Max Wait (Minutes)', undefined, 60, 1440)).toBe(60);
	});
});

describe('binary field names', () => {
	it('refuses the MP4 and the thumbnail in the same field', () => {
		expect(refusal(() => checkBinaryTargets('data', 'data', true)).field).toBe('Put Thumbnail in Field');
		expect(refusal(() => checkBinaryTargets('', 'data', true)).field).toBe('Put Thumbnail in Field');
	});

	it.each([['__proto__'], ['constructor'], ['prototype'], [{ a: 1 }], ['\u200b']])('refuses the name %p', (name) => {
		expect(refusal(() => checkBinaryTargets('data', name, true)).field).toBe('Put Thumbnail in Field');
		expect(refusal(() => checkBinaryTargets(name, 'thumb', true)).field).toBe('Put Output File in Field');
	});

	it('keeps the defaults', () => {
		expect(checkBinaryTargets(undefined, undefined, true)).toEqual({
			binaryPropertyName: 'data',
			thumbnailPropertyName: 'thumbnail',
		});
	});
});

describe('text that renders as nothing', () => {
	/** Every code point of the classes that draw nothing, read from Unicode's own properties. */
	const blank = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u2800]$/u;
	const blanks: string[] = [];
	for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
		if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
		const character = String.fromCodePoint(codePoint);
		if (blank.test(character)) blanks.push(character);
	}

	it('covers the fillers and blanks that are not white space', () => {
		for (const codePoint of [0x3164, 0x115f, 0x1160, 0xffa0, 0x034f, 0x17b4, 0x180b, 0xfe00, 0xfe0f, 0xe0100, 0x2800]) {
			expect(blanks).toContain(String.fromCodePoint(codePoint));
		}
	});

	it('refuses a prompt made of any one of them, alone or repeated', () => {
		const accepted = blanks.filter((character) => {
			for (const text of [character, character.repeat(3)]) {
				try {
					requireText('Prompt', text, 'Enter a prompt.');
					return true;
				} catch {
					// refused, as it should be
				}
			}
			return false;
		});
		expect(accepted.map((character) => character.codePointAt(0)?.toString(16))).toEqual([]);
	});

	it('refuses a script made of all of them together, and an optional text too', () => {
		expect(refusal(() => requireText('Script', blanks.join(''), 'Enter a script.')).message).toBe(
			'Script: has no visible characters',
		);
		expect(refusal(() => optionalText('\u3164\u2800\u{e0100}', 'Tags')).field).toBe('Tags');
	});

	it('keeps text that has one visible character among them', () => {
		expect(requireText('Prompt', `\u3164a\u2800`, 'Enter a prompt.')).toBe('\u3164a\u2800');
	});
});

describe('mapping mistakes in ids, filters and models', () => {
	it.each([[5], [true]])('refuses an avatar model mapped as %p', (value) => {
		expect(refusal(() => checkAvatarModelName('Avatar Model', value)).message).toMatch(/not an avatar model id/);
	});

	it('refuses a language filter mapped as a list', () => {
		expect(refusal(() => checkListFilters({ language: ['en', 'fr'] })).message).toBe('Language: is a list, not text');
	});

	it('refuses ids and filters of 20,000 characters, naming the bound', () => {
		const long = 'i'.repeat(20_000);
		expect(refusal(() => requireText('Video ID', long, 'Map the videoId.')).fix).toBe(
			'Shorten it to at most 500 characters.',
		);
		expect(refusal(() => checkListFilters({ tags: long })).field).toBe('Tags');
		expect(refusal(() => optionalText(long, 'Voice')).field).toBe('Voice');
	});
});
