/**
 * The one rule for the API root: the credential's Base URL, with or without trailing slashes or the
 * API path, followed by the API path once. The node applies it in code; the credential's test
 * request, which n8n resolves on its own, applies the same rule as an expression.
 */
const API_PATH = '/api/public/v1';

const TRAILING_SLASHES = /\/+$/;
const API_PATH_SUFFIX = /\/api\/public\/v1$/;

export function apiRootFromBaseUrl(baseUrl: string): string {
	return `${baseUrl.trim().replace(TRAILING_SLASHES, '').replace(API_PATH_SUFFIX, '')}${API_PATH}`;
}

export const API_ROOT_EXPRESSION = `={{ $credentials.baseUrl.trim().replace(${TRAILING_SLASHES}, '').replace(${API_PATH_SUFFIX}, '') + '${API_PATH}' }}`;
