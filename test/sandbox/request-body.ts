import { ValidationError } from './api-errors';
import { isPlainObject } from './field-checks';

/** Start and generate endpoints take a JSON object; an empty body counts as `{}`. */
export function requireObjectBody(body: unknown): Record<string, unknown> {
	if (body === undefined) return {};
	if (isPlainObject(body)) return body;
	throw new ValidationError([
		{ code: 'INVALID_TYPE', message: 'The request body must be a JSON object', field: 'body' },
	]);
}
