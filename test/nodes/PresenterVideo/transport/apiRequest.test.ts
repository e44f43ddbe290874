import { apiRootFromBaseUrl } from '../../../../nodes/PresenterVideo/transport/apiRequest';

describe('API root from the credential Base URL', () => {
	it.each([
		['https://api.example.com', 'https://api.example.com/api/public/v1'],
		['https://api.example.com/', 'https://api.example.com/api/public/v1'],
		['https://api.example.com/api/public/v1', 'https://api.example.com/api/public/v1'],
		['https://api.example.com/api/public/v1/', 'https://api.example.com/api/public/v1'],
		['  http://127.0.0.1:4010  ', 'http://127.0.0.1:4010/api/public/v1'],
	])('%s gives %s', (baseUrl, expected) => {
		expect(apiRootFromBaseUrl(baseUrl)).toBe(expected);
	});
});
