import { secretMatches } from '../../../../nodes/PresenterVideoTrigger/delivery/secret';

describe('secretMatches', () => {
	it('accepts the exact secret', () => {
		expect(secretMatches('s3cret-value', 's3cret-value')).toBe(true);
	});

	it.each([
		['a wrong value', 's3cret-valuf'],
		['a prefix', 's3cret'],
		['a longer value', 's3cret-value!'],
		['an empty value', ''],
		['another case', 'S3CRET-VALUE'],
	])('refuses %s', (_label, given) => {
		expect(secretMatches('s3cret-value', given)).toBe(false);
	});

	it.each([
		['a missing parameter', undefined],
		['a repeated parameter', ['s3cret-value', 's3cret-value']],
		['an object', { value: 's3cret-value' }],
	])('refuses %s', (_label, given) => {
		expect(secretMatches('s3cret-value', given)).toBe(false);
	});
});
