import { ApiError } from './api-errors';
import type { RateLimitOptions } from './types';

export interface RateLimitVerdict {
	allowed: boolean;
	/** The X-RateLimit-* headers of an allowed request; a refusal carries none, as on the service. */
	headers: Record<string, string>;
}

export const RATE_LIMIT_BODY = {
	error: 'Rate limit exceeded. Maximum 100 requests per minute.',
	code: 'rate_limit_exceeded',
} as const;

export function rateLimitError(): ApiError {
	return new ApiError(429, RATE_LIMIT_BODY.code, RATE_LIMIT_BODY.error);
}

/**
 * The service's limiter: a sliding window per bucket (the workspace), in which every request
 * counts, refused ones included, so retrying during a refusal keeps the window full.
 */
export class RateLimiter {
	private readonly arrivals = new Map<string, number[]>();

	constructor(
		private readonly limits: () => RateLimitOptions,
		/** How far the service's own clock, which Reset is told on, is ahead of the host's. */
		private readonly clockSkewMs: () => number = () => 0,
	) {}

	hit(bucket: string, now = Date.now()): RateLimitVerdict {
		const { limit, windowMs } = this.limits();
		const recent = (this.arrivals.get(bucket) ?? []).filter((at) => now - at < windowMs);
		const allowed = recent.length < limit;
		recent.push(now);
		this.arrivals.set(bucket, recent);
		if (!allowed) return { allowed, headers: {} };
		return {
			allowed,
			headers: {
				'X-RateLimit-Limit': String(limit),
				'X-RateLimit-Remaining': String(Math.max(0, limit - recent.length)),
				'X-RateLimit-Reset': String(Math.floor((now + this.clockSkewMs() + windowMs) / 1000)),
			},
		};
	}

	reset(): void {
		this.arrivals.clear();
	}
}
