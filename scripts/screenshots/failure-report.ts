/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { N8nInstance } from '../n8n/instance';
import { cacheDir } from '../n8n/paths';

export const debugDir = path.join(cacheDir, 'screenshots-debug');

/** What the browser showed when a step failed, and what n8n logged; kept out of docs/. */
export async function reportFailure(
	step: string,
	error: unknown,
	page: Page | undefined,
	n8n: N8nInstance | undefined,
) {
	const lines = [`\nScreenshots failed at step "${step}": ${error instanceof Error ? error.message : String(error)}`];
	if (page !== undefined) {
		fs.mkdirSync(debugDir, { recursive: true });
		const file = path.join(debugDir, 'failure.png');
		const saved = await page
			.screenshot({ path: file, timeout: 10_000 })
			.then(() => true)
			.catch(() => false);
		lines.push(saved ? `Browser at the time of failure: ${file}` : 'No browser screenshot could be taken.');
		lines.push(`Page: ${page.url()}`);
	}
	if (n8n !== undefined) {
		// n8n's user folder is temporary: keep its whole log next to the screenshot.
		const logCopy = path.join(debugDir, 'n8n.log');
		fs.mkdirSync(debugDir, { recursive: true });
		if (fs.existsSync(n8n.logFile)) fs.copyFileSync(n8n.logFile, logCopy);
		lines.push(
			`--- n8n log tail (whole log: ${logCopy}; errors about api.n8n.io only mean there is no internet) ---`,
			n8n.logTail(60),
		);
	}
	process.stderr.write(`${lines.join('\n')}\n`);
}
