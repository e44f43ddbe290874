/* eslint-disable @n8n/community-nodes/no-dangerous-functions -- test and tooling code runs in Node, not inside n8n */
import { API_ROOT_EXPRESSION, apiRootFromBaseUrl } from '../../../../nodes/PresenterVideo/transport/apiRequest';

/** The credential test's expression, run as n8n runs it: JavaScript with `$credentials` in scope. */
function rootFromExpression(baseUrl: string): string {
	const code = API_ROOT_EXPRESSION.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	return new Function('$credentials', `return ${code}`)({ baseUrl }) as string;
}

describe('API root from the credential Base URL', () => {
	it.each([
		['https://api.example.com', 'https://api.example.com/api/public/v1'],
		['https://api.example.com/', 'https://api.example.com/api/public/v1'],
		['https://api.example.com/api/public/v1', 'https://api.example.com/api/public/v1'],
		['https://api.example.com/api/public/v1/', 'https://api.example.com/api/public/v1'],
		['  http://127.0.0.1:4010  ', 'http://127.0.0.1:4010/api/public/v1'],
	])('%s gives %s, in the node and in the credential test', (baseUrl, expected) => {
		expect(apiRootFromBaseUrl(baseUrl)).toBe(expected);
		expect(rootFromExpression(baseUrl)).toBe(expected);
	});
});
