import { versionProfile, type N8nVersion } from '../n8n/versions';

/**
 * The sandbox's API and storage listen on 127.0.0.1, inside n8n's default blocked range
 * 127.0.0.0/8. The allow list takes precedence over the block list and holds CIDR ranges (a bare
 * address is refused as invalid); it has no ports, so this allows every port of 127.0.0.1 and
 * nothing else of 127.0.0.0/8.
 */
export const sandboxAllowedIpRange = '127.0.0.1/32';

/**
 * The whole suite runs with n8n's SSRF protection on where the version has it: every request the
 * package makes through n8n's helpers is checked. The SSRF counters of n8n's Prometheus metrics
 * (`/metrics`) show what the guard allowed and blocked.
 */
export function e2eSsrfEnv(version: N8nVersion): Record<string, string> {
	if (!versionProfile(version).ssrfProtection) return {};
	return {
		N8N_SSRF_PROTECTION_ENABLED: 'true',
		N8N_SSRF_ALLOWED_IP_RANGES: sandboxAllowedIpRange,
		N8N_METRICS: 'true',
		N8N_METRICS_INCLUDE_SSRF_METRICS: 'true',
	};
}
