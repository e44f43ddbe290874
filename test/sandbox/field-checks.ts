import { ValidationError, type ValidationDetail } from './api-errors';

/**
 * Reads optional fields of a JSON body and collects every problem, so one 400 reports them all.
 * `null` counts as absent: form-driven clients often send it for empty optional fields.
 */
export class FieldChecks {
	readonly details: ValidationDetail[] = [];

	constructor(private readonly body: Record<string, unknown>) {}

	has(field: string): boolean {
		const value = this.body[field];
		return value !== undefined && value !== null;
	}

	/** Present and not an empty string. */
	hasContent(field: string): boolean {
		return this.has(field) && this.body[field] !== '';
	}

	string(field: string, bounds: { maxLength?: number } = {}): string | undefined {
		const value = this.read(field, 'string', 'a string');
		if (value === undefined) return undefined;
		// Characters as code points, the way the node counts them: an emoji is one, not two.
		const length = Array.from(value).length;
		if (bounds.maxLength !== undefined && length > bounds.maxLength) {
			return this.invalid(
				field,
				`${field} must be at most ${bounds.maxLength} characters (got ${length})`,
			);
		}
		return value;
	}

	number(
		field: string,
		bounds: { min?: number; max?: number; integer?: boolean } = {},
	): number | undefined {
		const value = this.read(field, 'number', 'a number');
		if (value === undefined) return undefined;
		if (!Number.isFinite(value) || (bounds.integer === true && !Number.isInteger(value))) {
			return this.invalid(
				field,
				`${field} must be ${bounds.integer === true ? 'an integer' : 'a finite number'}`,
			);
		}
		if (
			(bounds.min !== undefined && value < bounds.min) ||
			(bounds.max !== undefined && value > bounds.max)
		) {
			return this.invalid(
				field,
				`${field} must be between ${bounds.min ?? '-∞'} and ${bounds.max ?? '∞'} (got ${value})`,
			);
		}
		return value;
	}

	boolean(field: string): boolean | undefined {
		return this.read(field, 'boolean', 'a boolean');
	}

	oneOf<T extends string>(field: string, allowed: readonly T[]): T | undefined {
		const value = this.string(field);
		if (value === undefined) return undefined;
		if (!(allowed as readonly string[]).includes(value)) {
			return this.invalid(field, `${field} must be one of ${allowed.join(', ')} (got "${value}")`);
		}
		return value as T;
	}

	/** An http(s) URL; `extensions` restricts the file extension of its path. */
	url(field: string, extensions?: readonly string[]): string | undefined {
		const value = this.string(field);
		if (value === undefined) return undefined;
		return this.checkUrl(field, value, extensions) ? value : undefined;
	}

	urlArray(field: string, bounds: { maxItems?: number } = {}): string[] | undefined {
		if (!this.has(field)) return undefined;
		const value = this.body[field];
		if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
			return this.wrongType(field, 'an array of strings');
		}
		const items = value as string[];
		if (bounds.maxItems !== undefined && items.length > bounds.maxItems) {
			return this.invalid(
				field,
				`${field} accepts at most ${bounds.maxItems} entries (got ${items.length})`,
			);
		}
		const allValid = items.every((item, index) => this.checkUrl(`${field}[${index}]`, item));
		return allValid ? items : undefined;
	}

	object(field: string): Record<string, unknown> | undefined {
		if (!this.has(field)) return undefined;
		const value = this.body[field];
		if (!isPlainObject(value)) return this.wrongType(field, 'an object');
		return value;
	}

	missing(field: string, message = `${field} is required`): void {
		this.details.push({ code: 'MISSING_FIELD', message, field });
	}

	invalid(field: string, message: string): undefined {
		this.details.push({ code: 'INVALID_VALUE', message, field });
		return undefined;
	}

	throwIfAny(): void {
		if (this.details.length > 0) throw new ValidationError(this.details);
	}

	private read<K extends 'string' | 'number' | 'boolean'>(
		field: string,
		type: K,
		description: string,
	): (K extends 'string' ? string : K extends 'number' ? number : boolean) | undefined {
		if (!this.has(field)) return undefined;
		const value = this.body[field];
		if (typeof value !== type) return this.wrongType(field, description);
		return value as K extends 'string' ? string : K extends 'number' ? number : boolean;
	}

	private wrongType(field: string, description: string): undefined {
		this.details.push({ code: 'INVALID_TYPE', message: `${field} must be ${description}`, field });
		return undefined;
	}

	private checkUrl(field: string, value: string, extensions?: readonly string[]): boolean {
		let parsed: URL;
		try {
			parsed = new URL(value);
		} catch {
			this.invalid(field, `${field} must be an http(s) URL`);
			return false;
		}
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
			this.invalid(field, `${field} must be an http(s) URL`);
			return false;
		}
		if (extensions) {
			const extension = parsed.pathname.split('.').pop()?.toLowerCase() ?? '';
			if (!parsed.pathname.includes('.') || !extensions.includes(extension)) {
				this.invalid(field, `${field} must point to a ${extensions.join(', ')} file`);
				return false;
			}
		}
		return true;
	}
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
