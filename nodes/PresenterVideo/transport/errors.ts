import { type INode, type JsonObject, NodeApiError } from 'n8n-workflow';

import { explainCode, explainStatus, normalizeCode } from '../service/errorCatalog';
import type { RequestKind } from './retryPolicy';

type FieldProblem = { field?: string; code?: string; message?: string };

type ParsedApiError = { code?: string; message?: string; details: FieldProblem[] };

function asText(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads both error shapes of the service (single error, validation failure) and a nested variant. */
export function parseErrorBody(body: unknown): ParsedApiError {
	if (typeof body !== 'object' || body === null) return { message: asText(body)?.slice(0, 300), details: [] };
	const record = body as Record<string, unknown>;
	const nested =
		typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : undefined;
	const details = Array.isArray(record.details)
		? record.details.filter((entry): entry is FieldProblem => typeof entry === 'object' && entry !== null)
		: [];
	const code = asText(record.code) ?? asText(nested?.code) ?? asText(details[0]?.code);
	const message = asText(record.error) ?? asText(nested?.message) ?? asText(record.message);
	return { code: code ? normalizeCode(code) : undefined, message, details };
}

const sameText = (a: string | undefined, b: string | undefined) =>
	a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The details as one text, without what the message and code already say (the service often repeats them). */
function describeDetails({ code, message, details }: ParsedApiError): string | undefined {
	const described = details.flatMap((detail) => {
		const repeated = sameText(detail.message, message);
		if (repeated && !detail.field) return [];
		const parts = [detail.field && `"${detail.field}"`, repeated ? undefined : detail.message];
		const what = parts.filter(Boolean).join(': ');
		const detailCode = detail.code && normalizeCode(detail.code);
		const shown = detailCode && detailCode !== code ? `${what} (${detailCode})` : what;
		return shown === '' ? [] : [shown];
	});
	return described.length === 0 ? undefined : described.join('; ');
}

interface ApiErrorContext {
	status: number;
	body: unknown;
	endpoint: string;
	itemIndex?: number;
	/** Values that must not appear in the error, such as the API key the service may quote back. */
	secrets?: string[];
}

const REDACTED = '[redacted]';

/** A bearer token in any text the service sends, whoever's it is. */
const BEARER = /\bBearer\s+[^\s"',;]+/gi;

export function redact(text: string, secrets: readonly string[] = []): string {
	let clean = text.replace(BEARER, `Bearer ${REDACTED}`);
	// Longest first, so a secret that contains another is replaced whole.
	for (const secret of [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length)) {
		clean = clean.split(secret).join(REDACTED);
	}
	return clean;
}

/** The key as typed, and trimmed as it may be sent. */
export function secretsOfKey(apiKey: unknown): string[] {
	return typeof apiKey === 'string' && apiKey.trim() !== '' ? [apiKey, apiKey.trim()] : [];
}

/** Enough of the service's text for a sentence or two, never a page. */
const SERVICE_TEXT_MAX_CHARS = 300;

/** Control characters, and the bidirectional controls that reorder what follows, garble or disguise a message. */
const UNPRINTABLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu;

/** Redacted before it is cut, so a key on the cut is not left half shown. */
export function showableServiceText(text: string, secrets: readonly string[] = []): string {
	const clean = redact(text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim(), secrets);
	const characters = Array.from(clean);
	if (characters.length <= SERVICE_TEXT_MAX_CHARS) return clean;
	const kept = characters.slice(0, SERVICE_TEXT_MAX_CHARS - 1).join('');
	return `${kept.trimEnd()}…`;
}

/** The service's error text, else its first detail's, quoted. */
export function serviceSaid(body: unknown, secrets: readonly string[] = []): string | undefined {
	const { message, details } = parseErrorBody(body);
	const text = message ?? asText(details[0]?.message);
	const shown = text === undefined ? '' : showableServiceText(text, secrets);
	return shown === '' ? undefined : `The service said: "${shown}"`;
}

/** Title, code and service text up front, the fix below. */
export function buildApiError(
	node: INode,
	{ status, body, endpoint, itemIndex, secrets = [] }: ApiErrorContext,
): NodeApiError {
	const clean = (value: unknown) => (typeof value === 'string' ? showableServiceText(value, secrets) : undefined);
	const quoted = parseErrorBody(body);
	const parsed: ParsedApiError = {
		code: clean(quoted.code),
		message: clean(quoted.message),
		details: quoted.details.map(({ field, code, message }) => ({
			field: clean(field),
			code: clean(code),
			message: clean(message),
		})),
	};
	const explanation = explainCode(parsed.code) ?? explainStatus(status);
	const fieldText = describeDetails(parsed);
	const codeText = parsed.code ? ` [${parsed.code}]` : '';
	const serviceText = [parsed.message, fieldText].filter(Boolean).join(' - ');
	const message = `${explanation.title}${codeText}${serviceText ? `: ${serviceText}` : ''}`;
	// Only what the service said about itself is kept: never request headers, which carry the key.
	const errorResponse: JsonObject = {
		httpCode: status,
		endpoint,
		code: parsed.code ?? null,
		error: parsed.message ?? null,
		details: parsed.details as JsonObject[],
	};
	return new NodeApiError(node, errorResponse, {
		message,
		description: explanation.fix,
		httpCode: String(status),
		itemIndex,
	});
}

/** A failed request's error and the causes n8n wraps it around, a few levels deep. */
export function causeChain(error: unknown): Array<Record<string, unknown>> {
	const chain: Array<Record<string, unknown>> = [];
	for (let current: unknown = error; current && chain.length < 4; ) {
		const link = current as Record<string, unknown>;
		chain.push(link);
		current = link.cause;
	}
	return chain;
}

/** The low-level cause (ECONNRESET, ETIMEDOUT, ...) of a failed request, without any request details. */
export function networkCause(error: unknown): string {
	for (const { code } of causeChain(error)) if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	return 'connection failed';
}

/** The address n8n's SSRF protection refused: e.g. `'cdn.example.com' (10.0.0.5)` or `169.254.169.254`. */
export type SsrfRefusal = { target: string };

const SSRF_ERROR_NAMES = new Set(['SsrfBlockedIpError', 'SsrfBlockedHostnameError']);

/** n8n 2.x's SSRF protection (`N8N_SSRF_PROTECTION_ENABLED`) refuses before connecting, with its own error. */
export function ssrfRefusal(error: unknown): SsrfRefusal | undefined {
	const refused = causeChain(error).find(({ name }) => typeof name === 'string' && SSRF_ERROR_NAMES.has(name));
	if (refused === undefined) return undefined;
	const ip = typeof refused.ip === 'string' ? refused.ip : undefined;
	const hostname = typeof refused.hostname === 'string' ? refused.hostname : undefined;
	return { target: hostname && ip ? `'${hostname}' (${ip})` : (hostname ?? ip ?? 'the address') };
}

export const SSRF_ALLOW_HINT =
	'To allow it, an n8n administrator adds its host name to N8N_SSRF_ALLOWED_HOSTNAMES or its address to N8N_SSRF_ALLOWED_IP_RANGES (CIDR, e.g. 10.0.0.5/32).';

/** An API call the guard refused: nothing was sent, so nothing was started or billed. */
export function buildSsrfRefusalError(node: INode, endpoint: string, refusal: SsrfRefusal, itemIndex?: number) {
	const { target } = refusal;
	const message = `n8n's SSRF protection refused the API address ${target} on ${endpoint}`;
	const description = `Nothing was sent to the service. The Base URL of the credential resolves to an address n8n blocks. ${SSRF_ALLOW_HINT}`;
	return new NodeApiError(node, { endpoint, target }, { message, description, itemIndex });
}

/** Causes that mean no connection was made, and what each says about the Base URL. */
const UNREACHABLE_CAUSES: Record<string, string> = {
	ECONNREFUSED: 'nothing accepts connections at its address and port',
	ENOTFOUND: 'its host name does not exist (the DNS lookup found no address)',
	EAI_AGAIN: 'its host name could not be looked up (the DNS server did not answer)',
	EHOSTUNREACH: 'its host cannot be reached from the machine n8n runs on',
	ENETUNREACH: 'its network cannot be reached from the machine n8n runs on',
};

export const BASE_URL_HELP =
	"The Base URL is the address of the service's API: the part before /api/public/v1 in the addresses of the service's API documentation, for example https://api.example.com. Correct it in the Presenter Video API credential, and check that n8n can reach it (a proxy or firewall may stand between).";

export function unreachableReason(cause: string): string | undefined {
	return UNREACHABLE_CAUSES[cause];
}

/** Checked before anything is sent, by the node and the credential's Test. */
export function malformedBaseUrlReason(baseUrl: string): string | undefined {
	const text = baseUrl.trim();
	if (text === '') return 'it is empty';
	const shown = `"${text.slice(0, 200)}"`;
	if (!/^https?:\/\//i.test(text)) {
		const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
		return scheme ? `${shown} starts with ${scheme}://, not https://` : `${shown} does not start with https://`;
	}
	if (!URL.canParse(text) || new URL(text).hostname === '') return `${shown} is not a valid address`;
	return undefined;
}

/** Errors of requests that never connected: nothing was sent, so nothing was started or billed. */
const unreached = new WeakSet<Error>();

export function neverReachedService(error: unknown): boolean {
	return error instanceof Error && unreached.has(error);
}

/** A 4xx but 408: the service refused the call, so nothing was started or billed. */
export function refusalStatus(error: unknown): number | undefined {
	const status = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	return status >= 400 && status < 500 && status !== 408 ? status : undefined;
}

export function buildNetworkError(node: INode, kind: RequestKind, endpoint: string, cause: string, itemIndex?: number) {
	const reason = unreachableReason(cause);
	if (reason !== undefined) {
		// No code in the message: n8n replaces a message that names one with its own generic text.
		const message = `The Base URL cannot be reached: ${reason}`;
		const help = `${cause} on ${endpoint}. Nothing was sent to the service, so nothing was started or billed. ${BASE_URL_HELP}`;
		const error = new NodeApiError(node, { endpoint, cause }, { message, description: help, itemIndex });
		unreached.add(error);
		return error;
	}
	const message = `Could not reach the service (${cause}) on ${endpoint}`;
	const description =
		kind === 'start'
			? 'The start request may have reached the service, so it was not sent again (a second start would be billed twice). Check the dashboard or the status of recent jobs before starting again.'
			: 'The request was retried several times. Check the Base URL in the credential and that the service is reachable from n8n.';
	return new NodeApiError(node, { endpoint, cause }, { message, description, itemIndex });
}

export function buildMalformedResponseError(node: INode, kind: RequestKind, endpoint: string, itemIndex?: number) {
	const message = `The service sent an unreadable answer on ${endpoint}`;
	const description =
		kind === 'start'
			? 'The service accepted the request but its answer could not be read, so a job may have been started. It was not sent again, to avoid paying twice. Check the dashboard before starting again.'
			: 'The service answered with something that is not JSON, several times in a row. Check the Base URL in the credential: it must be the root of the API service.';
	return new NodeApiError(node, { endpoint }, { message, description, itemIndex });
}

/** Only the host of a Location is named: its path or query may carry a token. */
export function locationHost(location: unknown, endpoint: string): string {
	if (typeof location !== 'string' || location.trim() === '') return 'no address';
	if (!URL.canParse(location))
		return location.startsWith('/') ? 'another path on the same host' : 'an unreadable address';
	return new URL(location).host || endpoint;
}

/** A 3xx from the API: never followed, since the request carries the API key. */
export function buildRedirectError(
	node: INode,
	redirect: { status: number; location: unknown; endpoint: string; itemIndex?: number },
): NodeApiError {
	const { status, endpoint, itemIndex } = redirect;
	const host = locationHost(redirect.location, endpoint);
	const message = `The service redirected ${endpoint} to ${host} (HTTP ${status}); API calls do not follow redirects`;
	const description =
		'The API key is only sent to the host of the Base URL. If the service has moved, enter its new address as the Base URL in the Presenter Video API credential (for example https:// rather than http://).';
	const options = { message, description, httpCode: String(status), itemIndex };
	return new NodeApiError(node, { httpCode: status, endpoint, redirectHost: host }, options);
}
