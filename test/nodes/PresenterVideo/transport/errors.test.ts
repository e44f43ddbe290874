import type { INode } from 'n8n-workflow';

import { buildApiError, parseErrorBody } from '../../../../nodes/PresenterVideo/transport/errors';

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
