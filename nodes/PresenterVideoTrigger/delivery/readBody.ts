import { jsonParse } from 'n8n-workflow';

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
	try {
		return jsonParse(text.replace(/^\uFEFF/, ''));
	} catch {
		return undefined;
	}
}

function rawText(rawBody: unknown): string | undefined {
	if (typeof rawBody === 'string') return rawBody;
	return Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : undefined;
}

/**
 * The delivery as JSON. n8n parses `application/json` itself; a JSON body sent with another
 * content type (text/plain, none) arrives as text or only as raw bytes and is parsed here.
 */
export function readBody(parsed: unknown, rawBody: unknown): unknown {
	if (isRecord(parsed) && Object.keys(parsed).length > 0) return parsed;
	if (typeof parsed === 'string') return parseJson(parsed);
	const text = rawText(rawBody);
	if (text !== undefined && text.trim() !== '') return parseJson(text);
	return parsed;
}
