import { bodySize, isOversized } from '../../../../nodes/PresenterVideoTrigger/delivery/bodySize';

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
