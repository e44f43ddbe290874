import { ciVersions, parseVersion, versionArgumentHelp, type N8nVersion } from '../n8n/versions';
import type { Scenario } from './scenario';

export const usage = `usage: npm run test:e2e -- [${versionArgumentHelp} ...|ci] [--only=<scenario name part>,...]`;

export interface E2eSelection {
	versions: readonly N8nVersion[];
	scenarios: Scenario[];
}

/** Versions (default: the ones CI runs) and optionally the scenarios whose names contain one of the given parts. */
export function parseArgs(args: string[], scenarios: Scenario[]): E2eSelection {
	const named: N8nVersion[] = [];
	let selected = scenarios;
	for (const arg of args) {
		if (arg.startsWith('--only=')) {
			const parts = arg.slice('--only='.length).toLowerCase().split(',').filter(Boolean);
			selected = scenarios.filter((scenario) => parts.some((part) => scenario.name.toLowerCase().includes(part)));
			if (selected.length === 0) throw new Error(`no scenario matches ${arg}\n${usage}`);
		} else if (parseVersion(arg) !== undefined) named.push(arg);
		else if (arg !== 'ci' && arg !== 'all') throw new Error(`unknown argument "${arg}"\n${usage}`);
	}
	return { versions: named.length > 0 ? named : ciVersions, scenarios: selected };
}
