/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
/**
 * End-to-end tests: the packed package inside real, headless n8n (each supported version, one
 * after the other), driving the sandbox service. Exits non-zero when anything fails.
 * CLI: npm run test:e2e -- [2.41.1|1.123.81|all] [--only=trigger,...]
 */
import { logProgress } from '../n8n/progress-log';
import { parseArgs } from './cli-args';
import { buildAndPack } from './package-tarball';
import { failures, formatReport, type VersionResult } from './report';
import { allScenarios } from './scenarios';
import { timedStep } from './timed-step';
import { runVersionSuite } from './version-suite';
import { runAsMain } from './exit-code-main';

async function main(): Promise<number> {
	const started = Date.now();
	const { versions, scenarios } = parseArgs(process.argv.slice(2), allScenarios);
	let pack: Awaited<ReturnType<typeof buildAndPack>> | undefined;
	const results: VersionResult[] = [];
	const preparation = await timedStep('e2e', 'build and pack the package', 15 * 60_000, async () => {
		pack = await buildAndPack();
	});
	try {
		if (pack !== undefined) {
			for (const version of versions) {
				logProgress('e2e', `n8n ${version}: ${scenarios.length} scenarios`);
				results.push(await runVersionSuite(version, pack.tarball, scenarios));
			}
		}
	} finally {
		pack?.dispose();
	}
	process.stdout.write(`\n${formatReport(results, preparation, Date.now() - started)}\n`);
	return failures(results) > 0 || preparation.error ? 1 : 0;
}

runAsMain(main);
