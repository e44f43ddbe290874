import type { IDataObject } from 'n8n-workflow';

import { AVATAR_MODEL_PATTERN, LIMITS } from '../service/limits';
import { InputError } from './inputError';
import { literalExpressionError, literalExpressionIn } from './literalExpressions';

export { InputError, toNodeError } from './inputError';

/** Field checks shared by every operation; each names the field and how to fix it. */

export function isUnset(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** Characters fonts draw as nothing (Braille U+2800 too): a text of only these would bill a video of nothing. */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u2800]/gu;

function hasVisibleContent(text: string): boolean {
	return text.replace(INVISIBLE, '') !== '';
}

/** Objects and lists mapped by an expression would otherwise be sent as "[object Object]". */
function checkNotStructured(field: string, value: unknown): void {
	if (typeof value === 'object' && value !== null) {
		throw new InputError(
			field,
			`is ${shown(value)}, not text`,
			`Map a single text value into ${field}, for example {{ $json.name }} rather than {{ $json }}.`,
		);
	}
	if (typeof value === 'number' && !Number.isFinite(value)) {
		throw new InputError(field, `is ${String(value)}, not text`, `Map a text value into ${field}.`);
	}
}

/** Ids and filters: the service's ids are a few dozen characters, so a much longer one is a mapping mistake. */
const NAME_FIELDS = new Set(['Video ID', 'Job ID', 'Export Job ID', 'Voice', 'Avatar', 'Tags', 'Language', 'Gender']);

export const MAX_NAME_LENGTH = 500;

function checkNameLength(field: string, text: string): string {
	return NAME_FIELDS.has(field) ? checkMaxLength(field, text, MAX_NAME_LENGTH) : text;
}

export function requireText(field: string, value: unknown, fix: string): string {
	checkNotStructured(field, value);
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (text === '') throw new InputError(field, 'is empty', fix);
	if (!hasVisibleContent(text)) throw new InputError(field, 'has no visible characters', fix);
	return checkNameLength(field, text);
}

/** Text that may be left empty; a field name makes objects, lists and invisible-only text errors. */
export function optionalText(value: unknown, field?: string): string | undefined {
	if (field !== undefined) checkNotStructured(field, value);
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	if (text === '') return undefined;
	if (field !== undefined && !hasVisibleContent(text)) {
		throw new InputError(field, 'has no visible characters', `Enter a value for ${field}, or leave it empty.`);
	}
	return field === undefined ? text : checkNameLength(field, text);
}

export function checkMaxLength(field: string, text: string, max: number): string {
	// Characters as the person typing them counts them: code points, so an emoji is one, not two.
	const count = Array.from(text).length;
	if (count > max) {
		throw new InputError(
			field,
			`has ${count.toLocaleString('en-US')} characters, more than the ${max.toLocaleString('en-US')} allowed`,
			`Shorten it to at most ${max.toLocaleString('en-US')} characters.`,
		);
	}
	return text;
}

/** A value as an error message may quote it: short, and never "[object Object]". */
export function shown(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object' && value !== null) return 'an object';
	const text = String(value);
	return `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;
}

export function checkNumberInRange(field: string, value: unknown, min: number, max: number, unit: string): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number)) {
		throw new InputError(field, `${shown(value)} is not a number`, `Enter a number of ${unit} from ${min} to ${max}.`);
	}
	if (number < min || number > max) {
		throw new InputError(field, `${number} is out of range`, `Enter a number of ${unit} from ${min} to ${max}.`);
	}
	return number;
}

export function checkDuration(field: string, value: unknown): number {
	return checkNumberInRange(field, value, LIMITS.minDuration, LIMITS.maxDuration, 'seconds');
}

export function checkWholeNumber(field: string, value: unknown, min: number, max: number, unit: string): number {
	const number = checkNumberInRange(field, value, min, max, unit);
	if (!Number.isInteger(number))
		throw new InputError(field, `${number} is not a whole number`, `Enter a whole number of ${unit}.`);
	return number;
}

export function checkWebUrl(field: string, value: string): string {
	if (!URL.canParse(value)) {
		throw new InputError(field, `${shown(value)} is not a valid URL`, 'Enter a full address starting with https://.');
	}
	const url = new URL(value);
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new InputError(field, `${shown(value)} is not a web address`, 'Enter a full address starting with https://.');
	}
	return value;
}

export function checkVoiceFileUrl(field: string, value: string): string {
	checkWebUrl(field, value);
	const extension = new URL(value).pathname.split('.').pop()?.toLowerCase() ?? '';
	if (!(LIMITS.voiceFileExtensions as readonly string[]).includes(extension)) {
		throw new InputError(
			field,
			`${shown(value)} is not an mp3, wav or m4a file`,
			'Link to a voice recording in mp3, wav or m4a format.',
		);
	}
	return value;
}

/** White space, or a comma that starts the next address: a comma inside an address stays in it. */
const URL_LIST_SEPARATOR = /\s+|,(?=\s*[a-z][a-z0-9+.-]*:\/\/)/i;

/** A list of URLs given as an array, or as text separated by commas, spaces or new lines. */
export function parseUrlList(field: string, value: unknown, max?: number): string[] {
	if (!Array.isArray(value)) checkNotStructured(field, value);
	// Split at its spaces, `{{ $json.url }}` would be refused as pieces that are not URLs.
	const expression = typeof value === 'string' ? literalExpressionIn(value) : undefined;
	if (expression !== undefined) throw literalExpressionError(field, expression, false);
	const entries = Array.isArray(value)
		? value.map((entry) => {
				checkNotStructured(field, entry);
				return String(entry).trim();
			})
		: typeof value === 'string'
			? value.split(URL_LIST_SEPARATOR).map((entry) => entry.trim().replace(/^,+|,+$/g, ''))
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
	throw new InputError(field, `${shown(value)} is not one of the allowed values`, `Use one of: ${choices.join(', ')}.`);
}

function parseJsonOrUndefined(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/** A key as the service might read it: `animateImage`, `Animate-Image` and `animate_image` are one field. */
function normalizedKey(key: string): string {
	return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Names that would reach an object's prototype rather than become a field. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface ExtraFieldRules {
	/** Every body field the node models for the operation, sent by this item or not. */
	modelled: readonly string[];
	/** Fields the node does not model but whose type is known: their values must have that type. */
	booleans?: readonly string[];
}

const EXTRA_EXAMPLE = 'Enter a JSON object, for example {"enable_subtitles": true}.';

/** Extra body fields for what the form does not model: a JSON object that may not touch a modelled field. */
export function parseExtraFields(field: string, value: unknown, rules: ExtraFieldRules): IDataObject {
	if (isUnset(value)) return {};
	const parsed = typeof value === 'string' ? parseJsonOrUndefined(value) : value;
	if (parsed === undefined) throw new InputError(field, 'is not valid JSON', EXTRA_EXAMPLE);
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new InputError(field, 'is not a JSON object', EXTRA_EXAMPLE);
	}
	const modelled = new Map(rules.modelled.map((name) => [normalizedKey(name), name]));
	const extra: IDataObject = {};
	for (const [key, entry] of Object.entries(parsed)) {
		if (UNSAFE_KEYS.has(key)) {
			throw new InputError(field, `uses the reserved name "${key}"`, `Remove "${key}" from ${field}.`);
		}
		const own = modelled.get(normalizedKey(key));
		if (own !== undefined) {
			throw new InputError(
				field,
				`sets "${key}", which the node sends from its own field (${own})`,
				`Remove "${key}" from ${field} and use the node's field instead.`,
			);
		}
		if (rules.booleans?.includes(key) && typeof entry !== 'boolean') {
			throw new InputError(
				field,
				`sets "${key}" to ${shown(entry)}, not true or false`,
				`Set "${key}" to true or false.`,
			);
		}
		extra[key] = entry as IDataObject[string];
	}
	return extra;
}

export function checkMinutes(field: string, value: unknown, fallback: number, max: number): number {
	return isUnset(value) ? fallback : checkNumberInRange(field, value, 0, max, 'minutes');
}

export function checkSeconds(field: string, value: unknown, fallback: number, max: number): number {
	return isUnset(value) ? fallback : checkNumberInRange(field, value, 0, max, 'seconds');
}

/** Like n8n's own Limit fields: a whole number, at least 1. */
export function checkLimit(field: string, value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
		throw new InputError(
			field,
			`${shown(value)} is not a whole number of at least 1`,
			'Enter how many results to return (1 or more), or turn on Return All.',
		);
	}
	return number;
}

/** An output binary field name: visible text, not an object's internal name. */
function checkBinaryFieldName(field: string, value: unknown, fallback: string): string {
	const name = optionalText(value, field) ?? fallback;
	if (UNSAFE_KEYS.has(name)) {
		throw new InputError(field, `"${name}" cannot name a binary field`, 'Choose another name, for example "data".');
	}
	return name;
}

/** An avatar model id, when one is given: the avatar's own list decides which ids are allowed. */
export function checkAvatarModelName(field: string, value: unknown): string | undefined {
	// A number or a switch mapped here is a mapping mistake, not a model id.
	if (typeof value === 'number' || typeof value === 'boolean') {
		throw new InputError(
			field,
			`${shown(value)} is a ${typeof value}, not an avatar model id`,
			'Choose a model from the list, or map a text such as "premium".',
		);
	}
	const model = optionalText(value, field);
	if (model === undefined) return undefined;
	if (!AVATAR_MODEL_PATTERN.test(model)) {
		throw new InputError(
			field,
			`${shown(model)} is not an avatar model id`,
			'Choose a model from the list, or leave it empty for the service default.',
		);
	}
	return model;
}

const GENDERS = ['female', 'male'] as const;

/** The Get Many filters sent to the service as query parameters. */
export function checkListFilters(filters: IDataObject): IDataObject {
	const gender = optionalText(filters.gender, 'Gender');
	return {
		...filters,
		gender: gender === undefined ? undefined : checkChoice('Gender', gender, GENDERS),
		language: optionalText(filters.language, 'Language'),
		tags: optionalText(filters.tags, 'Tags'),
	};
}

const VIDEO_FIELD = 'Put Output File in Field';

const THUMBNAIL_FIELD = 'Put Thumbnail in Field';

/** The binary fields for the MP4 and its thumbnail: safe names, and two different ones. */
export function checkBinaryTargets(
	videoName: unknown,
	thumbnailName: unknown,
	withThumbnail: boolean,
): { binaryPropertyName: string; thumbnailPropertyName?: string } {
	const binaryPropertyName = checkBinaryFieldName(VIDEO_FIELD, videoName, 'data');
	if (!withThumbnail) return { binaryPropertyName };
	const thumbnailPropertyName = checkBinaryFieldName(THUMBNAIL_FIELD, thumbnailName, 'thumbnail');
	if (thumbnailPropertyName === binaryPropertyName) {
		throw new InputError(
			THUMBNAIL_FIELD,
			`is "${thumbnailPropertyName}", the field the MP4 goes in`,
			`Give the thumbnail another field name than ${VIDEO_FIELD}.`,
		);
	}
	return { binaryPropertyName, thumbnailPropertyName };
}
