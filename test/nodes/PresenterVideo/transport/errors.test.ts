/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test and tooling code runs in Node, not inside n8n */
import type { INode } from 'n8n-workflow';

import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import {
	buildApiError,
	parseErrorBody,
	showableServiceText,
} from '../../../../nodes/PresenterVideo/transport/errors';
import { runNode } from '../../../harness';
import { sendJson, startLocalService } from '../../../harness/fixtures/local-service';
import { startSandbox, type SandboxProfileName } from '../../../sandbox';

const node: INode = {
	id: 'n1',
	name: 'Presenter Video',
	type: 'presenterVideo',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe('API errors', () => {
	it('reads the single-error shape', () => {
		expect(
			parseErrorBody({ error: 'Not enough credits: required 10, available 2', code: 'INSUFFICIENT_CREDITS' }),
		).toEqual({
			code: 'INSUFFICIENT_CREDITS',
			message: 'Not enough credits: required 10, available 2',
			details: [],
		});
	});

	it('reads the validation shape and names the field', () => {
		const error = buildApiError(node, {
			status: 400,
			endpoint: '/generation/start',
			body: {
				error: 'Validation failed',
				details: [{ code: 'MISSING_FIELD', message: 'duration is required', field: 'duration' }],
			},
		});
		expect(error.message).toContain('[MISSING_FIELD]');
		expect(error.message).toContain('"duration": duration is required');
		expect(error.description).toMatch(/duration/);
		expect(error.httpCode).toBe('400');
	});

	it('says once what the message, its details and their code repeat', () => {
		const error = buildApiError(node, {
			status: 429,
			endpoint: '/generation/start',
			body: {
				error: 'Rate limit exceeded. Maximum 100 requests per minute.',
				details: [{ code: 'rate_limit_exceeded', message: 'Rate limit exceeded. Maximum 100 requests per minute.' }],
			},
		});
		expect(error.message).toMatch(/ \[RATE_LIMIT_EXCEEDED\]: Rate limit exceeded\. Maximum 100 requests per minute\.$/);
		const field = buildApiError(node, {
			status: 400,
			endpoint: '/generation/start',
			body: { error: 'width must be 1-5000', details: [{ code: 'INVALID_DIMENSIONS', field: 'width', message: 'width must be 1-5000' }] },
		});
		expect(field.message).toMatch(/ \[INVALID_DIMENSIONS\]: width must be 1-5000 - "width"$/);
	});

	it('treats lower-case codes like their upper-case twins', () => {
		const lower = buildApiError(node, {
			status: 401,
			endpoint: '/resources/voices',
			body: { error: 'bad key', code: 'invalid_api_key' },
		});
		expect(lower.message).toMatch(/^The API key was rejected \[INVALID_API_KEY\]/);
		expect(lower.description).toMatch(/Generate a new key/);
	});

	it('falls back on the HTTP status when the body has no code', () => {
		const error = buildApiError(node, { status: 503, endpoint: '/generation/status/run_1', body: '<html>busy</html>' });
		expect(error.message).toMatch(/internal error/);
		expect(error.httpCode).toBe('503');
	});

	it('explains the money-related codes with their fix', () => {
		const error = buildApiError(node, {
			status: 402,
			endpoint: '/generation/start',
			body: { error: 'required 10, available 2', code: 'INSUFFICIENT_CREDITS' },
		});
		expect(error.message).toBe('Not enough credits [INSUFFICIENT_CREDITS]: required 10, available 2');
		expect(error.description).toMatch(/Add credits/);
	});
});

describe("the service's own words in an error", () => {
	it('lose control characters and are bounded', () => {
		const error = buildApiError(node, {
			status: 401,
			endpoint: '/resources/voices',
			body: { error: `Invalid\u0000key\r\n\u001b[2J\u2066${'x'.repeat(1000)}`, code: 'invalid_api_key' },
		});
		const said = error.message.replace(/^The API key was rejected \[INVALID_API_KEY\]: /, '');
		expect(said).toMatch(/^Invalid key \[2J x+…$/);
		expect(Array.from(said)).toHaveLength(300);
	});

	it('keep no part of a key that straddles the bound', () => {
		const key = 'pv_live_straddling_0123456789';
		const text = `${'a'.repeat(290)} ${key} tail`;
		const shown = showableServiceText(text, [key]);
		expect(shown).not.toContain(key.slice(0, 8));
		expect(shown).toMatch(/ \[redacte…$/);
	});

	it.each<SandboxProfileName>(['contract', 'code'])(
		"of a rejected key reach the workflow's error: the sandbox (profile '%s') names its demo key",
		async (profile) => {
			const sandbox = await startSandbox({ profile });
			try {
				const result = await runNode({
					nodeType: new PresenterVideo(),
					type: 'n8n-nodes-presenter-video.presenterVideo',
					parameters: { resource: 'voice', operation: 'getMany', returnAll: true },
					credentials: [
						{ type: 'presenterVideoApi', id: `demo-${profile}`, data: { apiKey: 'sandbox_mian_key', baseUrl: sandbox.baseUrl } },
					],
				});
				const error = result.errorOf('Presenter Video');
				expect(error?.message).toMatch(/^The API key was rejected \[INVALID_API_KEY\]: Invalid API key\. /);
				expect(error?.message).toContain(
					`The local sandbox accepts the key ${sandbox.keys.main} (see the banner printed by npm start).`,
				);
				expect(error?.description).toMatch(/Generate a new key in the dashboard/);
			} finally {
				await sandbox.close();
			}
		},
	);
});

describe('the API key quoted back by the service', () => {
	const key = 'pv_live_0123456789abcdef';

	it('is redacted from the message, the details and the code, and so is any bearer token', () => {
		const error = buildApiError(node, {
			status: 401,
			endpoint: '/resources/voices',
			secrets: [key],
			body: {
				error: `Invalid API key ${key}`,
				details: [{ code: 'invalid_key', field: key, message: 'Authorization: Bearer other-token-42 refused' }],
			},
		});
		const shown = JSON.stringify({ ...error, message: error.message, description: error.description });
		expect(shown).not.toContain(key);
		expect(shown).not.toContain('other-token-42');
		expect(error.message).toContain('Invalid API key [redacted]');
	});

	it('never reaches a workflow’s error from a service that echoes it', async () => {
		const echoing = await startLocalService((request, res) =>
			sendJson(res, 401, { error: `Invalid API key: ${String(request.headers.authorization)}` }),
		);
		try {
			const result = await runNode({
				nodeType: new PresenterVideo(),
				type: 'n8n-nodes-presenter-video.presenterVideo',
				parameters: { resource: 'voice', operation: 'getMany', returnAll: true },
				credentials: [{ type: 'presenterVideoApi', id: 'echo', data: { apiKey: key, baseUrl: echoing.url } }],
			});
			const error = result.errorOf('Presenter Video');
			expect(error?.message).toMatch(/Invalid API key: Bearer \[redacted\]/);
			expect(JSON.stringify(result.run)).not.toContain(key);
		} finally {
			await echoing.close();
		}
	});
});
