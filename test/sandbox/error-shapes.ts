import type { ApiError, ValidationDetail, ValidationError } from './api-errors';

/** How a profile writes an error body. `path` is the request path: on the service the route decides the shape. */
export interface ErrorShapes {
	body(error: ApiError | ValidationError, path: string): unknown;
}

/** The contract's two shapes: single errors as `{ error, code }`, field validation in `details`. */
export const CONTRACT_ERROR_SHAPES: ErrorShapes = { body: (error) => error.toBody() };

/** Codes the service's routes write out themselves, upper case; the rest come from its error table, lower case. */
const ROUTE_LITERAL_CODES: ReadonlySet<string> = new Set([
	'MISSING_VIDEO_ID',
	'UNAUTHORIZED_VIDEO',
	'VIDEO_NOT_FOUND',
	'VIDEO_NOT_READY',
	'INVALID_AVATAR_MODEL',
	'INCOMPATIBLE_AVATAR_MODEL',
	'INVALID_PARAMETER',
]);

const SCRIPT_GENERATION_PATH = /\/script\/generate\/*$/;

/**
 * The service's code: every route but script generation answers every error, 401, 403, 429 and 500
 * included, as `{ error, details: [{ code, message, field? }] }`. Script generation keeps the
 * contract's shapes.
 */
export const CODE_ERROR_SHAPES: ErrorShapes = {
	body(error, path) {
		if (SCRIPT_GENERATION_PATH.test(path)) return error.toBody();
		const details = 'details' in error ? error.details : [detailOf(error)];
		return {
			error: error.message,
			details: details.map((detail) => ({ ...detail, code: serviceCase(detail.code) })),
		};
	},
};

function detailOf(error: ApiError): ValidationDetail {
	return {
		code: error.code,
		message: error.message,
		...(error.field !== undefined ? { field: error.field } : {}),
	};
}

function serviceCase(code: string): string {
	return ROUTE_LITERAL_CODES.has(code) ? code : code.toLowerCase();
}
