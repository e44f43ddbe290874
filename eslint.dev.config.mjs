import { config } from '@n8n/node-cli/eslint';

// Tests, the sandbox and tooling scripts run in Node, not inside n8n: imports, timers, process and
// the console are theirs to use. They keep n8n's TypeScript and import rules; the node and
// credential rules, which guard n8n's runtime and the published package, are switched off here
// (test/nodes/ would otherwise match the config's `./nodes/**` globs).
// test/ and scripts/ each re-export this file; ESLint's per-directory config lookup picks it up.
const nodePackageRulePrefixes = ['@n8n/community-nodes/', 'n8n-nodes-base/'];
const nodePackageRules = [
	...new Set(
		config.flatMap((block) =>
			Object.keys(block.rules ?? {}).filter((rule) =>
				nodePackageRulePrefixes.some((prefix) => rule.startsWith(prefix)),
			),
		),
	),
];

export default [
	...config,
	{
		files: ['**/*.ts'],
		rules: {
			...Object.fromEntries(nodePackageRules.map((rule) => [rule, 'off'])),
			'no-console': 'off',
		},
	},
];
