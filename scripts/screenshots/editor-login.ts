import type { Page } from 'playwright-core';
import type { OwnerAccount } from '../n8n/owner-account';

/**
 * Logs in through the sign-in form, as a person does: the editor's session is bound to a
 * browser id that the page itself sends, so a cookie made elsewhere would not be accepted.
 */
export async function logIn(page: Page, baseUrl: string, owner: OwnerAccount): Promise<void> {
	await page.goto(`${baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
	await page.locator('[data-test-id="emailOrLdapLoginId"] input').fill(owner.email);
	await page.locator('[data-test-id="password"] input').fill(owner.password);
	await page.locator('[data-test-id="form-submit-button"]').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
}
