import { NodeApiError, type INode } from 'n8n-workflow';

import type { RequestKind } from './retryPolicy';

/** The low-level cause (ECONNRESET, ETIMEDOUT, ...) of a failed request, without any request details. */
export function networkCause(error: unknown): string {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		const candidate = current as { code?: unknown; cause?: unknown };
		if (typeof candidate.code === 'string' && /^E[A-Z_]+$/.test(candidate.code)) return candidate.code;
		current = candidate.cause;
	}
	return 'connection failed';
}

export function buildNetworkError(
	node: INode,
	kind: RequestKind,
	endpoint: string,
	cause: string,
	itemIndex?: number,
): NodeApiError {
	const description =
		kind === 'start'
			? 'The start request may have reached the service, so it was not sent again (a second start would be billed twice). Check the dashboard or the status of recent jobs before starting again.'
			: 'The request was retried several times. Check the Base URL in the credential and that the service is reachable from n8n.';
	return new NodeApiError(
		node,
		{ endpoint, cause },
		{ message: `Could not reach the service (${cause}) on ${endpoint}`, description, itemIndex },
	);
}

export function buildMalformedResponseError(
	node: INode,
	kind: RequestKind,
	endpoint: string,
	itemIndex?: number,
): NodeApiError {
	const description =
		kind === 'start'
			? 'The service accepted the request but its answer could not be read, so a job may have been started. It was not sent again, to avoid paying twice. Check the dashboard before starting again.'
			: 'The service answered with something that is not JSON, several times in a row. Check the Base URL in the credential: it must be the root of the API service.';
	return new NodeApiError(
		node,
		{ endpoint },
		{ message: `The service sent an unreadable answer on ${endpoint}`, description, itemIndex },
	);
}
