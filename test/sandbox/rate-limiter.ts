import type { RateLimitOptions } from './types';

export interface RateLimitVerdict {
	allowed: boolean;
	headers: Record<string, string>;
}

interface Window {
	startedAt: number;
	count: number;
}

/** Fixed-window limit per bucket (the presented API key), with the spec's X-RateLimit-* headers. */
export class RateLimiter {
	private readonly windows = new Map<string, Window>();

	constructor(private readonly limits: () => RateLimitOptions) {}

	hit(bucket: string, now = Date.now()): RateLimitVerdict {
		const { limit, windowMs } = this.limits();
		let window = this.windows.get(bucket);
		if (!window || now - window.startedAt >= windowMs) {
			window = { startedAt: now, count: 0 };
			this.windows.set(bucket, window);
		}
		const allowed = window.count < limit;
		if (allowed) window.count += 1;
		return {
			allowed,
			headers: {
				'X-RateLimit-Limit': String(limit),
				'X-RateLimit-Remaining': String(Math.max(0, limit - window.count)),
				'X-RateLimit-Reset': String(Math.ceil((window.startedAt + windowMs) / 1000)),
			},
		};
	}

	reset(): void {
		this.windows.clear();
	}
}
