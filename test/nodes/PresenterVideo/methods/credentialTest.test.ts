import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { CredentialTestContext } from 'n8n-core';

import { presenterVideoApiTest } from '../../../../nodes/PresenterVideo/methods/credentialTest';
import { sendJson, startLocalService, type LocalService } from '../../../harness/fixtures/local-service';

const API_KEY = 'pv_test_credential_secret';

/** Runs the Test as n8n's credential tester does: the method called on n8n-core's own test context. */
async function testCredential(baseUrl: string, apiKey = API_KEY): Promise<INodeCredentialTestResult> {
	const context = new CredentialTestContext(undefined as never) as unknown as ICredentialTestFunctions;
	const credential: ICredentialsDecrypted = {
		id: 'credential',
		name: 'Presenter Video API',
		type: 'presenterVideoApi',
		data: { apiKey, baseUrl },
	};
	return await presenterVideoApiTest.call(context, credential);
}

/** An address on this machine where nothing listens. */
async function closedPort(): Promise<string> {
	const service = await startLocalService((_request, res) => res.end());
	await service.close();
	return service.url;
}

const WHAT_THE_BASE_URL_IS = /The Base URL is the address of the service's API: the part before \/api\/public\/v1/;

describe('credential Test', () => {
	let service: LocalService;
	let elsewhere: LocalService;
	let redirecting: LocalService;

	beforeAll(async () => {
		service = await startLocalService((request, res) => {
			if (request.headers.authorization !== `Bearer ${API_KEY}`)
				sendJson(res, 401, { error: 'Invalid API key', code: 'invalid_api_key' });
			else if (request.url === '/api/public/v1/resources/voices') sendJson(res, 200, { voices: [] });
			else sendJson(res, 404, { error: 'Not found' });
		});
		elsewhere = await startLocalService((_request, res) => sendJson(res, 200, { voices: [] }));
		// Another host name for the same machine: a redirect there is a cross-host redirect.
		const target = elsewhere.url.replace('127.0.0.1', 'localhost');
		redirecting = await startLocalService((request, res) => {
			res.writeHead(302, { Location: `${target}${request.url}` });
			res.end();
		});
	});

	afterAll(async () => {
		await Promise.all([service.close(), elsewhere.close(), redirecting.close()]);
	});

	it('passes with a working key, sending it to the API root of the Base URL', async () => {
		await expect(testCredential(`${service.url}/`)).resolves.toEqual({ status: 'OK', message: 'Connection successful' });
		expect(service.requests.at(-1)?.url).toBe('/api/public/v1/resources/voices');
	});

	it('explains a rejected key', async () => {
		const result = await testCredential(service.url, 'pv_wrong');
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The API key is invalid, expired or malformed\. Generate a new key/);
	});

	it('explains a refused connection: what the Base URL is, where to find it, that nothing was sent', async () => {
		const result = await testCredential(await closedPort());
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			/^The Base URL cannot be reached: nothing accepts connections at its address and port \(ECONNREFUSED\)\. Nothing was sent to the service\./,
		);
		expect(result.message).toMatch(WHAT_THE_BASE_URL_IS);
	});

	it('explains a host name that does not exist', async () => {
		const result = await testCredential('https://api.presenter-video.invalid');
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			/^The Base URL cannot be reached: its host name does not exist \(the DNS lookup found no address\) \(ENOTFOUND\)\. Nothing was sent/,
		);
		expect(result.message).toMatch(WHAT_THE_BASE_URL_IS);
	});

	it.each([
		['api.example.com', '"api.example.com" does not start with https://'],
		['ftp://api.example.com', '"ftp://api.example.com" starts with ftp://, not https://'],
		['https://', '"https://" is not a valid address'],
		['', 'it is empty'],
	])('explains a malformed Base URL (%p) without sending anything', async (baseUrl, reason) => {
		const before = service.requests.length;
		const result = await testCredential(baseUrl);
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				new RegExp(`^The Base URL is not a web address: ${reason.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\. Nothing was sent to the service\\.`),
			),
		});
		expect(result.message).toMatch(WHAT_THE_BASE_URL_IS);
		expect(service.requests.length).toBe(before);
	});

	it('does not follow a redirect to another host with the API key', async () => {
		const result = await testCredential(redirecting.url);
		expect(redirecting.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
		expect(elsewhere.requests).toHaveLength(0);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The Base URL redirects to localhost:\d+ \(HTTP 302\), and the API key is not sent/);
	});

	it('says a server that is not the API answers at a Base URL with a path', async () => {
		const result = await testCredential(`${service.url}/somewhere`);
		expect(result.message).toMatch(/^A server answers at the Base URL, but not the presenter-video API/);
	});

	it('never names the key in a message', async () => {
		const results = await Promise.all([
			testCredential(service.url, 'pv_wrong_key_value'),
			testCredential(await closedPort(), 'pv_wrong_key_value'),
			testCredential(redirecting.url, 'pv_wrong_key_value'),
		]);
		for (const result of results) expect(result.message).not.toContain('pv_wrong_key_value');
	});
});
