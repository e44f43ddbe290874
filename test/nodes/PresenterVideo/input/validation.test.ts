import { checkBinaryTargets, checkLimit, checkMinutes } from '../../../../nodes/PresenterVideo/input/validation';
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
