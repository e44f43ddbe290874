/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import type { N8nInstance } from '../../n8n/instance';

/** n8n's log (its console output) as written so far, from byte `from` on. */
export function n8nLogText(instance: N8nInstance, from = 0): string {
	return fs.existsSync(instance.logFile) ? fs.readFileSync(instance.logFile).subarray(from).toString('utf8') : '';
}

/** Where n8n's log ends now: what it writes from here on starts at this byte. */
export function n8nLogEnd(instance: N8nInstance): number {
	return fs.existsSync(instance.logFile) ? fs.statSync(instance.logFile).size : 0;
}
