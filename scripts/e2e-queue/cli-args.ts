import { isSupportedVersion, supportedVersions, type N8nVersion } from '../n8n/versions';

/** CI and a bare run test the n8n that queue-mode users run today. */
export const defaultQueueVersion: N8nVersion = '2.41.1';

/** The n8n version named by the first argument that is not an option; 2.41.1 when none is. */
export function queueVersion(args: string[]): N8nVersion {
	const named = args.filter((arg) => !arg.startsWith('--'));
	if (named.length === 0) return defaultQueueVersion;
	if (named.length === 1 && isSupportedVersion(named[0])) return named[0];
	throw new Error(
		`unknown argument "${named.join(' ')}"\nusage: npm run test:e2e:queue -- [${supportedVersions.join('|')}] [--only=<scenario name part>,...]`,
	);
}
