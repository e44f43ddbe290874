const API_PATH = '/api/public/v1';

/** The API root for a Base URL given with or without a trailing `/api/public/v1` or slash. */
export function apiRootFromBaseUrl(baseUrl: string): string {
	const trimmed = baseUrl.trim().replace(/\/+$/, '');
	const root = trimmed.endsWith(API_PATH) ? trimmed.slice(0, -API_PATH.length) : trimmed;
	return `${root}${API_PATH}`;
}
