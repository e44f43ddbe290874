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

/** The value of `--name=value`; undefined when the option is not given. */
export function optionValue(args: string[], name: string): string | undefined {
	return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
}

/** `--cpu-load=N`: how many busy processes saturate the CPU during the scenarios; none by default. */
export function cpuLoadArgument(args: string[]): number {
	const value = optionValue(args, 'cpu-load');
	if (value === undefined) return 0;
	const count = Number(value);
	if (!Number.isInteger(count) || count < 0)
		throw new Error(`--cpu-load needs a whole number of busy processes, not "${value}"`);
	return count;
}
