import { DELIVERY_LIMITS } from './limits';

export interface RequestSizeSource {
	headers: Record<string, string | string[] | undefined>;
	rawBody?: unknown;
}

/** The size of the body as received, when the request tells it: raw bytes, else Content-Length. */
export function bodySize(request: RequestSizeSource): number | undefined {
	const raw = request.rawBody as { length?: unknown } | undefined;
	if (raw !== undefined && raw !== null && typeof raw.length === 'number') return raw.length;
	const header = request.headers['content-length'];
	const declared = Number(Array.isArray(header) ? header[0] : header);
	return Number.isFinite(declared) && declared >= 0 ? declared : undefined;
}

export function isOversized(request: RequestSizeSource, limit = DELIVERY_LIMITS.maxBodyBytes): boolean {
	const size = bodySize(request);
	return size !== undefined && size > limit;
}
