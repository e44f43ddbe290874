/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../n8n/paths';
import { logProgress } from '../n8n/progress-log';

export const docsDir = path.join(repoRoot, 'docs');

export interface SavedShot {
	file: string;
	caption: string;
}

/** Writes the README's screenshots into docs/ and remembers what each one shows. */
export class DocsShots {
	readonly saved: SavedShot[] = [];

	constructor(private readonly page: Page) {
		fs.mkdirSync(docsDir, { recursive: true });
	}

	/** Example canvases are named after their files: drop those of examples that no longer exist. */
	removeExampleShots(): void {
		for (const name of fs.readdirSync(docsDir)) {
			if (/^example-.*\.png$/.test(name)) fs.rmSync(path.join(docsDir, name));
		}
	}

	async save(name: string, caption: string): Promise<void> {
		const file = path.join(docsDir, `${name}.png`);
		await this.page.screenshot({ path: file, animations: 'disabled' });
		this.saved.push({ file: path.relative(repoRoot, file), caption });
		logProgress('screenshots', `saved ${path.relative(repoRoot, file)}`);
	}
}
