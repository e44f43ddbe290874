/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import path from 'node:path';

/** Repository root: scripts/n8n/ sits two levels below it. */
export const repoRoot = path.resolve(__dirname, '..', '..');

/** Git-ignored folder holding the Node 24 runtime and the n8n installs, outside the repo's node_modules. */
export const cacheDir = path.join(repoRoot, '.cache');

export const node24Dir = path.join(cacheDir, 'node24');
