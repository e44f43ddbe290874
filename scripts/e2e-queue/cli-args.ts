import { newestVersion, parseVersion, versionArgumentHelp, type N8nVersion } from '../n8n/versions';

/** CI and a bare run test the n8n that queue-mode users run today. */
export const defaultQueueVersion: N8nVersion = newestVersion;

/** The n8n version named by the first argument that is not an option; the newest CI runs when none is. */
export function queueVersion(args: string[]): N8nVersion {
	const named = args.filter((arg) => !arg.startsWith('--'));
	if (named.length === 0) return defaultQueueVersion;
	if (named.length === 1 && parseVersion(named[0]) !== undefined) return named[0];
	throw new Error(
		`unknown argument "${named.join(' ')}"\nusage: npm run test:e2e:queue -- [${versionArgumentHelp}] [--only=<scenario name part>,...] [--cpu-load=<busy processes>]`,
	);
}
