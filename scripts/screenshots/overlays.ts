import type { Page } from 'playwright-core';

/**
 * Onboarding and announcement modals n8n may show over the canvas (what's new, surveys, tips).
 * The node panel (NDV) is a dialog too, so only modals with their own close button are closed.
 */
const modalCloseButtons = [
	'.el-dialog__headerbtn',
	'[role="dialog"]:not([data-test-id="ndv"]) button[aria-label="Close"]',
	'[data-test-id$="-modal"] button[aria-label="Close"]',
];

const toastCloseButtons = '.el-notification .el-notification__closeBtn';

async function closeVisible(page: Page, selector: string): Promise<number> {
	let closed = 0;
	for (const button of await page.locator(selector).all()) {
		if (!(await button.isVisible())) continue;
		await button.click({ timeout: 5_000 }).catch(() => {});
		closed += 1;
	}
	return closed;
}

/** Closes whatever onboarding modals are open; a few rounds, because closing one may reveal the next. */
export async function dismissOnboarding(page: Page): Promise<void> {
	for (let round = 0; round < 3; round += 1) {
		let closed = 0;
		for (const selector of modalCloseButtons) closed += await closeVisible(page, selector);
		if (closed === 0) return;
		await page.waitForTimeout(300);
	}
}

/** Toasts such as "Node executed successfully" would cover part of a screenshot. */
export async function closeToasts(page: Page): Promise<void> {
	await closeVisible(page, toastCloseButtons);
	await page
		.locator('.el-notification')
		.first()
		.waitFor({ state: 'hidden', timeout: 5_000 })
		.catch(() => {});
}

/** A focused field shows hints and tooltips over its neighbours. */
export async function blurFocusedField(page: Page): Promise<void> {
	// A string: the scripts are compiled without DOM types.
	await page.evaluate('document.activeElement && document.activeElement.blur()');
}
