import type { N8nInstance } from '../../n8n/instance';

/** What n8n's SSRF guard has counted since start: checks it let through and checks it refused. */
export interface SsrfCounts {
	allowed: number;
	blocked: number;
	/** Refused checks by the guard's reason (`blocked_ip`, `blocked_hostname`, ...). */
	blockedByReason: Record<string, number>;
}

const sample = /^(n8n_ssrf_checks_total|n8n_ssrf_blocked_checks_total)\{([^}]*)\}\s+([\d.e+]+)$/;

function label(labels: string, name: string): string | undefined {
	return new RegExp(`(?:^|,)${name}="([^"]*)"`).exec(labels)?.[1];
}

/**
 * Reads the SSRF counters from n8n's Prometheus endpoint (N8N_METRICS and
 * N8N_METRICS_INCLUDE_SSRF_METRICS). Throws when the endpoint lacks them: then the guard is off.
 */
export async function readSsrfCounts(instance: Pick<N8nInstance, 'baseUrl'>): Promise<SsrfCounts> {
	const response = await fetch(`${instance.baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
	const text = await response.text();
	if (response.status !== 200) throw new Error(`/metrics answered ${response.status}: ${text.slice(0, 300)}`);
	if (!text.includes('# TYPE n8n_ssrf_checks_total counter')) {
		throw new Error('/metrics has no SSRF counters: n8n runs without SSRF protection or without its metrics');
	}
	const counts: SsrfCounts = { allowed: 0, blocked: 0, blockedByReason: {} };
	for (const line of text.split('\n')) {
		const match = sample.exec(line.trim());
		if (!match) continue;
		const [, metric, labels, value] = match;
		if (metric === 'n8n_ssrf_checks_total') {
			if (label(labels, 'result') === 'allowed') counts.allowed += Number(value);
			if (label(labels, 'result') === 'blocked') counts.blocked += Number(value);
		} else {
			const reason = label(labels, 'reason') ?? 'unknown';
			counts.blockedByReason[reason] = (counts.blockedByReason[reason] ?? 0) + Number(value);
		}
	}
	return counts;
}
