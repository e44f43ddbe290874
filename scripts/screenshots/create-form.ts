import type { Locator, Page } from 'playwright-core';
import { blurFocusedField } from './overlays';

function parameters(page: Page): Locator {
	return page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]');
}

/** n8n preselects the only credential of the type; choose it explicitly when it did not. */
export async function selectCredential(page: Page, credentialName: string): Promise<void> {
	const select = parameters(page).locator('[data-test-id="node-credentials-select"]');
	const input = select.locator('input');
	if ((await input.inputValue()) === credentialName) return;
	await select.click();
	await page.locator('.el-select-dropdown__item', { hasText: credentialName }).first().click();
	if ((await input.inputValue()) !== credentialName)
		throw new Error(`credential "${credentialName}" could not be selected`);
}

/** Opens the Voice picker ("From list"); resolves once the voices the node loaded are listed. */
export async function openVoiceList(page: Page): Promise<Locator> {
	const picker = parameters(page).locator('[data-test-id="resource-locator-voice"]');
	await picker.locator('[data-test-id="rlc-input"]').click();
	const items = picker.locator('[data-test-id="rlc-item"]');
	await items.first().waitFor({ timeout: 30_000 });
	return items;
}

export async function pickVoice(voiceItems: Locator, namePrefix: string): Promise<string> {
	const choice = voiceItems.filter({ hasText: namePrefix }).first();
	const label = (await choice.innerText()).trim();
	await choice.click();
	return label;
}

export async function fillPromptAndDuration(page: Page, prompt: string, durationSeconds: number): Promise<void> {
	await parameters(page).locator('[data-test-id="parameter-input-prompt"] textarea').fill(prompt);
	await parameters(page).locator('[data-test-id="parameter-input-duration"] input').fill(String(durationSeconds));
	await blurFocusedField(page);
}
