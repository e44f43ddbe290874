import type { ApiContext } from './apiRequest';
import { CREDENTIAL_TYPE } from './constants';
import { header } from './retryPolicy';
import type { CallAnswer } from './rateWindow';
import { budgetFor, DEFAULT_REQUESTS_PER_MINUTE, type RequestBudget } from './requestBudget';

/**
 * The budget of the workspace behind this node's credential: keyed by the credential's id (or
 * name) and the API root, so every execution using it in this process shares one window.
 */
export async function budgetForContext(context: ApiContext, apiRoot: string): Promise<RequestBudget> {
	const credentials = await context.getCredentials<{ requestsPerMinute?: number }>(CREDENTIAL_TYPE);
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	const identity = reference?.id ?? reference?.name ?? CREDENTIAL_TYPE;
	const limit = Number(credentials.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE);
	return budgetFor(`${identity} ${apiRoot}`, limit);
}

function headerNumber(headers: Record<string, unknown>, name: string): number | undefined {
	const value = Number(header(headers, name));
	return Number.isFinite(value) && header(headers, name) !== undefined ? value : undefined;
}

/** What an HTTP answer says about the window: a 429 is a refusal, anything else may carry X-RateLimit-*. */
export function answerOf(status: number, headers: Record<string, unknown>): CallAnswer {
	if (status === 429) return { type: 'refused' };
	const reset = headerNumber(headers, 'x-ratelimit-reset');
	return {
		type: 'answered',
		limit: headerNumber(headers, 'x-ratelimit-limit'),
		remaining: headerNumber(headers, 'x-ratelimit-remaining'),
		resetAt: reset === undefined ? undefined : reset * 1000,
	};
}
