import { isServiceStorageUrl } from '../../../../nodes/PresenterVideoTrigger/delivery/storageHost';

describe('the service storage host', () => {
	const api = 'https://api.presenter.example';

	it.each([
		['the API host itself', 'https://api.presenter.example/videos/a.mp4'],
		['a sibling under the same parent domain', 'https://cdn.presenter.example/videos/a.mp4'],
	])('accepts %s', (_, url) => {
		expect(isServiceStorageUrl(url, api)).toBe(true);
	});

	it.each([
		['another domain', 'https://evil.example/a.mp4'],
		['a look-alike that only starts with the domain', 'https://cdn.presenter.example.evil.net/a.mp4'],
		['plain http when the API uses https', 'http://cdn.presenter.example/a.mp4'],
		['user info in the address', 'https://user:pw@cdn.presenter.example/a.mp4'],
		['a file address', 'file:///etc/passwd'],
		['no address at all', 'not a url'],
	])('refuses %s', (_, url) => {
		expect(isServiceStorageUrl(url, api)).toBe(false);
	});

	it('only accepts the very host for an IP address or a two-label domain', () => {
		expect(isServiceStorageUrl('http://127.0.0.1:9000/a.mp4', 'http://127.0.0.1:8000')).toBe(true);
		expect(isServiceStorageUrl('http://127.0.0.2/a.mp4', 'http://127.0.0.1:8000')).toBe(false);
		expect(isServiceStorageUrl('https://other.example.com/a.mp4', 'https://example.com')).toBe(false);
	});
});
