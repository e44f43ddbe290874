import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { CredentialTestContext } from 'n8n-core';

import { presenterVideoApiTest, verdictOfResponse } from '../../../../nodes/PresenterVideo/methods/credentialTest';
import { sendJson, startLocalService, type LocalService } from '../../../harness/fixtures/local-service';
import { startSandbox, type SandboxProfileName } from '../../../sandbox';

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

const REJECTED_KEY_FIX =
	'The API key is invalid, expired or malformed. Generate a new key in the dashboard (Your Space > Settings > API > Generate API Key) and paste it whole.';

describe('credential Test', () => {
	let service: LocalService;
	let elsewhere: LocalService;
	let redirecting: LocalService;

	beforeAll(async () => {
		service = await startLocalService((request, res) => {
			// Quotes the key it was sent, as a careless service might.
			if (request.headers.authorization !== `Bearer ${API_KEY}`)
				sendJson(res, 401, {
					error: `Invalid API key ${String(request.headers.authorization).replace(/^Bearer /, '')}.`,
					code: 'invalid_api_key',
				});
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

	it('explains a rejected key, quoting the service without the key it echoed', async () => {
		const result = await testCredential(service.url, 'pv_wrong');
		expect(result).toEqual({
			status: 'Error',
			message: `${REJECTED_KEY_FIX} The service said: "Invalid API key [redacted]."`,
		});
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

describe("credential Test: a rejected key's explanation quotes the service", () => {
	it.each([
		['the single-error shape', { error: 'Key revoked by its owner.', code: 'invalid_api_key' }, 'Key revoked by its owner.'],
		[
			"the service code's details shape",
			{ error: 'Unknown key.', details: [{ code: 'invalid_api_key', message: 'No key matches.' }] },
			'Unknown key.',
		],
		['details alone', { details: [{ code: 'invalid_api_key', message: 'No key matches.' }] }, 'No key matches.'],
		['a nested error', { error: { code: 'invalid_api_key', message: 'Key expired.' } }, 'Key expired.'],
		["a proxy's text", 'Unauthorized', 'Unauthorized'],
	])('in %s', (_shape, body, said) => {
		expect(verdictOfResponse({ statusCode: 401, body })).toEqual({
			status: 'Error',
			message: `${REJECTED_KEY_FIX} The service said: "${said}"`,
		});
	});

	it.each([
		['no body', undefined],
		['a body without text', { code: 'invalid_api_key' }],
		['only control characters', { error: '\u0000\u0007\u001b' }],
	])('gives the fix alone for %s', (_label, body) => {
		expect(verdictOfResponse({ statusCode: 401, body })).toEqual({ status: 'Error', message: REJECTED_KEY_FIX });
	});

	it('redacts the key the service echoes, and any bearer token', () => {
		const key = 'pv_echoed_by_the_service';
		const { message } = verdictOfResponse(
			{ statusCode: 401, body: { error: `Key ${key} unknown; sent Authorization: Bearer ${key}x` } },
			[key],
		);
		expect(message).not.toContain(key);
		expect(message).toMatch(/The service said: "Key \[redacted\] unknown; sent Authorization: Bearer \[redacted\]"$/);
	});

	it('strips control characters and bounds the quote', () => {
		const { message } = verdictOfResponse({
			statusCode: 401,
			body: { error: `Bad\u0000key\r\n\u001b[31m\u202eread this${'!'.repeat(1000)}` },
		});
		const quoted = /The service said: "(.*)"$/s.exec(message)?.[1] ?? '';
		expect(quoted).toMatch(/^Bad key \[31m read this!+…$/);
		expect(Array.from(quoted)).toHaveLength(300);
	});

	it.each<SandboxProfileName>(['contract', 'code'])(
		"against the sandbox (profile '%s'), names the demo key the service accepts",
		async (profile) => {
			const sandbox = await startSandbox({ profile });
			try {
				const result = await testCredential(sandbox.baseUrl, 'sandbox_mian_key');
				expect(result).toEqual({
					status: 'Error',
					message: `${REJECTED_KEY_FIX} The service said: "Invalid API key. The local sandbox accepts the key ${sandbox.keys.main} (see the banner printed by npm start)."`,
				});
				await expect(testCredential(sandbox.baseUrl, sandbox.keys.main)).resolves.toMatchObject({ status: 'OK' });
			} finally {
				await sandbox.close();
			}
		},
	);
});
