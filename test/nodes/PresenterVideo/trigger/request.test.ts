import {
	bodySize,
	Deadline,
	isOversized,
	readBody,
	secretMatches,
} from '../../../../nodes/PresenterVideo/trigger/request';

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

describe('bodySize', () => {
	it('prefers the raw bytes received', () => {
		expect(bodySize({ headers: { 'content-length': '10' }, rawBody: Buffer.alloc(25) })).toBe(25);
	});

	it('falls back to Content-Length', () => {
		expect(bodySize({ headers: { 'content-length': '2048' } })).toBe(2048);
	});

	it('is unknown when the request does not tell', () => {
		expect(bodySize({ headers: {} })).toBeUndefined();
		expect(bodySize({ headers: { 'content-length': 'abc' } })).toBeUndefined();
	});

	it('flags bodies over 1 MB only', () => {
		expect(isOversized({ headers: { 'content-length': String(1024 * 1024) } })).toBe(false);
		expect(isOversized({ headers: { 'content-length': String(1024 * 1024 + 1) } })).toBe(true);
		expect(isOversized({ headers: {}, rawBody: Buffer.alloc(2 * 1024 * 1024) })).toBe(true);
		expect(isOversized({ headers: {} })).toBe(false);
	});
});

describe('readBody', () => {
	it('uses the body n8n parsed', () => {
		expect(readBody({ job_id: 'run_1' }, Buffer.from('ignored'))).toEqual({ job_id: 'run_1' });
	});

	it('parses JSON that arrived as text', () => {
		expect(readBody('{"job_id":"run_1"}', undefined)).toEqual({ job_id: 'run_1' });
	});

	it('parses JSON that arrived only as raw bytes (no JSON content type)', () => {
		expect(readBody({}, Buffer.from('\uFEFF{"job_id":"run_1","status":"completed"}'))).toEqual({
			job_id: 'run_1',
			status: 'completed',
		});
	});

	it('gives something unusable for text that is not JSON', () => {
		expect(readBody('job_id=run_1', undefined)).toBeUndefined();
		expect(readBody({}, Buffer.from('not json'))).toBeUndefined();
	});

	it('keeps an empty body empty', () => {
		expect(readBody({}, undefined)).toEqual({});
		expect(readBody(undefined, Buffer.alloc(0))).toBeUndefined();
	});
});

describe('Deadline', () => {
	it('gives each call the smaller of its cap and the time left', () => {
		let now = 1_000;
		const deadline = new Deadline(8_000, () => now);
		expect(deadline.callTimeout(3_000)).toBe(3_000);
		now += 6_000;
		expect(deadline.remainingMs()).toBe(2_000);
		expect(deadline.callTimeout(3_000)).toBe(2_000);
	});

	it('refuses to start a call that could not finish in time', () => {
		let now = 0;
		const deadline = new Deadline(8_000, () => now);
		now = 7_900;
		expect(deadline.callTimeout(3_000)).toBeUndefined();
		now = 9_000;
		expect(deadline.remainingMs()).toBe(0);
	});
});
