import { isProfileName, PROFILE_NAMES } from './profiles';
import type { ResolvedSandboxOptions, SandboxOptions } from './types';

/** How far the sandbox's clock runs ahead of the host's (signed ms), as a service's clock may. */
export const CLOCK_SKEW_VARIABLE = 'SANDBOX_CLOCK_SKEW_MS';

function clockSkewFromEnv(): number {
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- the sandbox runs in Node, not inside n8n
	const raw = process.env[CLOCK_SKEW_VARIABLE]?.trim() ?? '';
	const skew = Number(raw);
	if (raw !== '' && !Number.isFinite(skew)) throw new Error(`${CLOCK_SKEW_VARIABLE} must be a number of ms (got "${raw}")`);
	return raw === '' ? 0 : skew;
}

export const DEFAULT_OPTIONS: ResolvedSandboxOptions = {
	profile: 'contract',
	port: 0,
	storagePort: 0,
	timings: { generationMs: 20_000, exportMs: 10_000 },
	failureRate: 0,
	seed: 1,
	webhookTimeoutMs: 10_000,
	duplicateDeliveries: 0,
	includeTask: true,
	rateLimit: { limit: 600, windowMs: 60_000 },
	faults: [],
	responseStyle: 'bare',
	startStatus: 200,
	initialCredits: 1000,
	clockSkewMs: clockSkewFromEnv(),
};

/** Merges partial options over a base; timings and rateLimit merge field by field, the rest replaces. */
export function mergeOptions(
	base: ResolvedSandboxOptions,
	patch: Partial<SandboxOptions>,
): ResolvedSandboxOptions {
	const merged: ResolvedSandboxOptions = {
		...base,
		...stripUndefined(patch),
		timings: { ...base.timings, ...stripUndefined(patch.timings ?? {}) },
		rateLimit: { ...base.rateLimit, ...stripUndefined(patch.rateLimit ?? {}) },
	};
	assertSane(merged);
	return merged;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function assertSane(options: ResolvedSandboxOptions): void {
	const problems: string[] = [];
	if (!isProfileName(options.profile)) problems.push(`profile must be ${PROFILE_NAMES.join(' or ')}`);
	if (options.failureRate < 0 || options.failureRate > 1) problems.push('failureRate must be 0-1');
	if (options.timings.generationMs < 0 || options.timings.exportMs < 0)
		problems.push('timings must be >= 0');
	if (options.rateLimit.limit < 1 || options.rateLimit.windowMs < 1)
		problems.push('rateLimit needs limit >= 1 and windowMs >= 1');
	if (options.duplicateDeliveries < 0) problems.push('duplicateDeliveries must be >= 0');
	if (options.webhookRetryDelaysMs?.some((d) => d < 0))
		problems.push('webhookRetryDelaysMs must be >= 0');
	if (problems.length > 0) throw new Error(`Invalid sandbox options: ${problems.join('; ')}`);
}
