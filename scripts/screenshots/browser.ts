/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium: Playwright cannot download its own browsers here. */
const chromiumPath = '/usr/bin/chromium';

const chromiumArgs = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic',
];

/** A laptop-sized window: the node panel, its parameters and its output all fit side by side. */
export const viewport = { width: 1440, height: 900 };

export interface EditorBrowser {
	page: Page;
	close(): Promise<void>;
}

/** Chromium with a fresh profile (no cookies, no cached editor state), removed again on close. */
export async function launchEditorBrowser(): Promise<EditorBrowser> {
	const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'presenter-video-chromium-'));
	const removeProfile = () => fs.rmSync(profileDir, { recursive: true, force: true });
	// Ctrl-C exits without running close(): the profile must not stay behind.
	process.once('exit', removeProfile);
	let context: BrowserContext;
	try {
		context = await chromium.launchPersistentContext(profileDir, {
			executablePath: chromiumPath,
			args: chromiumArgs,
			viewport,
			timeout: 60_000,
			// Playwright's own Ctrl-C handler would close the browser and exit at once, before
			// n8n is stopped; run.ts handles the signals and closes the browser itself.
			handleSIGINT: false,
			handleSIGTERM: false,
			handleSIGHUP: false,
		});
	} catch (error) {
		removeProfile();
		throw error;
	}
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(30_000);
	return {
		page,
		close: async () => {
			await context.close().catch(() => {});
			removeProfile();
		},
	};
}
