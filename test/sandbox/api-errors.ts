/** The spec's two error body shapes, thrown by handlers and turned into responses in one place. */

export interface ValidationDetail {
	code: string;
	message: string;
	field?: string;
}

/** Single error shape: `{ error, code }`. `field` names the request field at fault, for shapes that carry one. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly field?: string,
	) {
		super(message);
	}

	toBody(): { error: string; code: string } {
		return { error: this.message, code: this.code };
	}
}

/** Validation failure shape: `{ error: 'Validation failed', details: [...] }`, always 400. */
export class ValidationError extends Error {
	readonly status = 400;

	constructor(readonly details: ValidationDetail[]) {
		super('Validation failed');
	}

	toBody(): { error: string; details: ValidationDetail[] } {
		return { error: this.message, details: this.details };
	}
}

export function insufficientCredits(required: number, available: number): ApiError {
	return new ApiError(
		402,
		'INSUFFICIENT_CREDITS',
		`Insufficient credits: ${required} required, ${available} available.`,
	);
}

export function internalError(message = 'Internal server error'): ApiError {
	return new ApiError(500, 'internal_error', message);
}
