/**
 * Whether the service can call n8n's resume address. n8n on a laptop or in a private network
 * cannot be reached by a service on the internet; local to local (a sandbox, a self-hosted
 * service next to n8n) works.
 */

const LOCAL_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

function isPrivateIpv4(host: string): boolean {
	const parts = host.split('.').map(Number);
	if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
	const [a, b] = parts;
	return (
		a === 127 ||
		a === 10 ||
		a === 0 ||
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 168) ||
		(a === 169 && b === 254) ||
		(a === 100 && b >= 64 && b <= 127)
	);
}

function isPrivateIpv6(host: string): boolean {
	const address = host.replace(/^\[|\]$/g, '').toLowerCase();
	if (!address.includes(':')) return false;
	if (address === '::1' || address === '::') return true;
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
	if (mapped) return isPrivateIpv4(mapped[1]);
	return /^f[cd]/.test(address) || /^fe[89ab]/.test(address);
}

/** Loopback, private and link-local addresses, and names that only resolve inside a network. */
export function isLocalHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host === 'localhost' || LOCAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
	if (isPrivateIpv4(host) || isPrivateIpv6(host)) return true;
	// A single-label name (a container or intranet host) is not in public DNS.
	return !host.includes('.') && !host.includes(':');
}

/**
 * The host of a resume address the service cannot reach: n8n on a local or private address while
 * the service is on a public one. Undefined when the service can call it, as far as the node can tell.
 */
export function unreachableResumeHost(resumeUrl: string, apiRoot: string): string | undefined {
	if (!URL.canParse(resumeUrl) || !URL.canParse(apiRoot)) return undefined;
	const resumeHost = new URL(resumeUrl).hostname;
	const apiHost = new URL(apiRoot).hostname;
	return isLocalHost(resumeHost) && !isLocalHost(apiHost) ? resumeHost : undefined;
}
