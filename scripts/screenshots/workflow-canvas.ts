import type { Page } from 'playwright-core';
import { dismissOnboarding } from './overlays';

/** Opens an empty workflow the way the Overview page's "Create workflow" button does. */
export async function createWorkflow(page: Page, baseUrl: string): Promise<void> {
	await page.goto(`${baseUrl}/home/workflows`, { waitUntil: 'domcontentloaded' });
	await dismissOnboarding(page);
	await page.locator('[data-test-id="add-resource-workflow"]').click();
	await page.waitForURL((url) => url.pathname.startsWith('/workflow/'), { timeout: 30_000 });
	await page.locator('[data-test-id="canvas-add-button"]').waitFor();
	await dismissOnboarding(page);
}

/** Opens a saved workflow and fits it to the window; resolves once every node is drawn. */
export async function openWorkflow(page: Page, baseUrl: string, workflowId: string, nodeCount: number): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
	await dismissOnboarding(page);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
	await page.waitForFunction(`document.querySelectorAll('[data-test-id="canvas-node"]').length >= ${nodeCount}`, null, {
		timeout: 30_000,
	});
	await page.locator('[data-test-id="zoom-to-fit"]').click();
	// The fit is animated.
	await page.waitForTimeout(800);
}
