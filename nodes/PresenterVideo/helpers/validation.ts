import type { IDataObject } from 'n8n-workflow';

import { InputError } from './inputError';
import { LIMITS } from './limits';

/** Field checks shared by every operation; each names the field and how to fix it. */

export function requireText(field: string, value: unknown, fix: string): string {
	const text =
		typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim();
	if (text === '') throw new InputError(field, 'is empty', fix);
	return text;
}

export function optionalText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	return text === '' ? undefined : text;
}

export function checkMaxLength(field: string, text: string, max: number): string {
	if (text.length > max) {
		throw new InputError(
			field,
			`has ${text.length.toLocaleString('en-US')} characters, more than the ${max.toLocaleString('en-US')} allowed`,
			`Shorten it to at most ${max.toLocaleString('en-US')} characters.`,
		);
	}
	return text;
}

export function checkNumberInRange(field: string, value: unknown, min: number, max: number, unit: string): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number)) {
		throw new InputError(
			field,
			`"${String(value)}" is not a number`,
			`Enter a number of ${unit} from ${min} to ${max}.`,
		);
	}
	if (number < min || number > max) {
		throw new InputError(field, `${number} is out of range`, `Enter a number of ${unit} from ${min} to ${max}.`);
	}
	return number;
}

export function checkDuration(field: string, value: unknown): number {
	return checkNumberInRange(field, value, LIMITS.minDuration, LIMITS.maxDuration, 'seconds');
}

export function checkPixels(field: string, value: unknown): number {
	const pixels = checkNumberInRange(field, value, 1, LIMITS.maxPixels, 'pixels');
	if (!Number.isInteger(pixels))
		throw new InputError(field, `${pixels} is not a whole number`, 'Enter a whole number of pixels.');
	return pixels;
}

export function checkWebUrl(field: string, value: string): string {
	if (!URL.canParse(value)) {
		throw new InputError(field, `"${value}" is not a valid URL`, 'Enter a full address starting with https://.');
	}
	const url = new URL(value);
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new InputError(field, `"${value}" is not a web address`, 'Enter a full address starting with https://.');
	}
	return value;
}

export function checkVoiceFileUrl(field: string, value: string): string {
	checkWebUrl(field, value);
	const extension = new URL(value).pathname.split('.').pop()?.toLowerCase() ?? '';
	if (!(LIMITS.voiceFileExtensions as readonly string[]).includes(extension)) {
		throw new InputError(
			field,
			`"${value}" is not an mp3, wav or m4a file`,
			'Link to a voice recording in mp3, wav or m4a format.',
		);
	}
	return value;
}

/** A list of URLs given as an array, or as text separated by commas, spaces or new lines. */
export function parseUrlList(field: string, value: unknown, max?: number): string[] {
	const entries = Array.isArray(value)
		? value.map((entry) => String(entry).trim())
		: typeof value === 'string'
			? value.split(/[\s,]+/).map((entry) => entry.trim())
			: value === undefined || value === null
				? []
				: [String(value).trim()];
	const urls = entries.filter((entry) => entry !== '');
	if (max !== undefined && urls.length > max) {
		throw new InputError(field, `has ${urls.length} URLs, more than the ${max} allowed`, `Keep at most ${max} URLs.`);
	}
	return urls.map((url) => checkWebUrl(field, url));
}

export function checkChoice<T extends string>(field: string, value: unknown, choices: readonly T[]): T {
	if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
	throw new InputError(
		field,
		`"${String(value)}" is not one of the allowed values`,
		`Use one of: ${choices.join(', ')}.`,
	);
}

function parseJsonOrUndefined(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/** Extra body fields for what the form does not model: a JSON object that may not redefine a form field. */
export function parseExtraFields(field: string, value: unknown, formFields: IDataObject): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	const parsed = typeof value === 'string' ? parseJsonOrUndefined(value) : value;
	if (parsed === undefined) {
		throw new InputError(field, 'is not valid JSON', 'Enter a JSON object, for example {"use_space_media": false}.');
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new InputError(field, 'is not a JSON object', 'Enter a JSON object, for example {"use_space_media": false}.');
	}
	const clash = Object.keys(parsed).find((key) => formFields[key] !== undefined);
	if (clash) {
		throw new InputError(
			field,
			`sets "${clash}", which the node already sends from its own field`,
			`Remove "${clash}" from ${field} and use the node's field instead.`,
		);
	}
	return parsed as IDataObject;
}
