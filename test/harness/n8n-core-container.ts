/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { dirname } from 'path';

import type { Container as ContainerInstance } from '@n8n/di';
import type { Logger as LoggerClass } from '@n8n/backend-common';

/*
 * n8n-core ships its own copies of `@n8n/di` and `@n8n/backend-common` (newer than the
 * hoisted ones). The DI container is a module singleton keyed by class, so services must be
 * registered on n8n-core's copy with n8n-core's Logger class, or n8n-core never sees them.
 * `require` (not `import`) so the path is resolved from n8n-core's folder and still goes
 * through jest's module registry, which shares the instance with n8n-core.
 */
const coreFolder = dirname(require.resolve('n8n-core/package.json'));

function requireFromCore<T>(request: string): T {
	const resolved = require.resolve(request, { paths: [coreFolder] });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(resolved) as T;
}

export const Container = requireFromCore<{ Container: typeof ContainerInstance }>('@n8n/di').Container;

export const Logger = requireFromCore<{ Logger: typeof LoggerClass }>('@n8n/backend-common').Logger;

interface SsrfSettings {
	enabled: boolean;
	allowedIpRanges: string[];
}

interface SsrfGuard {
	validateUrl(url: string | URL): Promise<unknown>;
}

/**
 * n8n-core's SSRF protection (N8N_SSRF_PROTECTION_ENABLED and its lists) on the container n8n-core
 * uses. The guard reads its lists when first created: set them before the first request.
 */
export function ssrfProtection(): { settings: SsrfSettings; guard: () => SsrfGuard } {
	const { SsrfProtectionConfig } = requireFromCore<{ SsrfProtectionConfig: new () => SsrfSettings }>('@n8n/config');
	const { SsrfProtectionService } = requireFromCore<{ SsrfProtectionService: new () => SsrfGuard }>(
		'@n8n/backend-network',
	);
	return { settings: Container.get(SsrfProtectionConfig), guard: () => Container.get(SsrfProtectionService) };
}
