/**
 * The service's reference shows bare bodies, but leaves open a `data` wrapper and wrapped lists;
 * these helpers accept every shape so the node does not break when the service picks another.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object inside a `{ data: {...} }` wrapper, or the body itself. */
export function unwrapObject<T>(body: unknown): T {
	if (
		isRecord(body) &&
		isRecord(body.data) &&
		Object.keys(body).every((key) => key === 'data' || key === 'success' || key === 'message')
	) {
		return body.data as T;
	}
	return body as T;
}

/** The list in a bare array, `{ <listKey>: [] }`, `{ data: [] }`, `{ data: { <listKey>: [] } }` or `{ items: [] }`. */
export function unwrapList<T>(body: unknown, listKey: string): T[] | undefined {
	if (Array.isArray(body)) return body as T[];
	if (!isRecord(body)) return undefined;
	for (const key of [listKey, 'data', 'items', 'results']) {
		const value = body[key];
		if (Array.isArray(value)) return value as T[];
		if (key === 'data' && isRecord(value)) return unwrapList<T>(value, listKey);
	}
	return undefined;
}
