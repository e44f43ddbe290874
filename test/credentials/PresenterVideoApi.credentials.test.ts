import { PresenterVideoApi } from '../../credentials/PresenterVideoApi.credentials';
import { runNode } from '../harness';
import { CredentialTestRequest } from '../harness/fixtures/CredentialTestRequest.node';
import { sendJson, startLocalService, type LocalService } from '../harness/fixtures/local-service';

const API_KEY = 'pv_test_redirect_secret';

describe('credential Test', () => {
	let elsewhere: LocalService;
	let redirecting: LocalService;

	beforeAll(async () => {
		elsewhere = await startLocalService((_request, res) => sendJson(res, 200, { voices: [] }));
		// Another host name for the same machine: a redirect there is a cross-host redirect.
		const target = elsewhere.url.replace('127.0.0.1', 'localhost');
		redirecting = await startLocalService((request, res) => {
			res.writeHead(302, { Location: `${target}${request.url}` });
			res.end();
		});
	});

	afterAll(async () => {
		await redirecting.close();
		await elsewhere.close();
	});

	it('does not follow a redirect to another host with the API key', async () => {
		const result = await runNode({
			nodeType: new CredentialTestRequest(),
			credentials: [{ type: 'presenterVideoApi', data: { apiKey: API_KEY, baseUrl: redirecting.url } }],
		});

		expect(redirecting.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
		expect(elsewhere.requests.filter((request) => request.headers.authorization !== undefined)).toHaveLength(0);
		expect(result.status).toBe('error');
	});
});

describe('credential Test rules', () => {
	const { test } = new PresenterVideoApi();

	it('say what to fix for a Base URL that reaches another server (404)', () => {
		const notFound = test.rules?.find((rule) => rule.type === 'responseCode' && rule.properties.value === 404);
		expect(notFound?.properties.message).toMatch(/Base URL/);
		expect(notFound?.properties.message).toMatch(/root address/);
	});
});
