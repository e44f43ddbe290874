import { config } from '@n8n/node-cli/eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

// The published code (nodes, credentials, package.json) gets n8n's community-node rules in full.
// Tests, the sandbox and tooling scripts run in Node, not inside n8n: timers, process and the
// console are theirs to use, so the rules that guard n8n's runtime are switched off there.
const runtimeOnlyRules = Object.fromEntries(
	Object.keys(n8nCommunityNodesPlugin.configs.recommended.rules).map((rule) => [rule, 'off']),
);

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.cache/**', 'coverage/**', '*.js', '*.mjs'] },
	...config,
	{
		files: ['test/**/*.ts', 'scripts/**/*.ts'],
		rules: { ...runtimeOnlyRules, 'no-console': 'off' },
	},
];
