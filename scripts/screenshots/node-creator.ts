/* eslint-disable @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import type { Locator, Page } from 'playwright-core';

const searchBar = 'input[data-test-id="node-creator-search-bar"]';
const creatorItem = '[data-test-id="node-creator"] [data-test-id="item-iterator-item"]';

function item(page: Page, text: string | RegExp): Locator {
	return page.locator(creatorItem, { hasText: text }).first();
}

/** Types into the nodes panel's search and waits until the expected entry is listed. */
async function searchFor(page: Page, text: string, expected: string | RegExp): Promise<Locator> {
	await page.locator(searchBar).fill(text);
	const match = item(page, expected);
	await match.waitFor({ timeout: 15_000 });
	return match;
}

/** The first step of a new workflow: a Manual Trigger, so "Execute step" can run the next node. */
export async function addManualTrigger(page: Page): Promise<void> {
	await page.locator('[data-test-id="canvas-add-button"]').click();
	await (await searchFor(page, 'Manual', /Manual Trigger|Trigger manually/)).click();
	await page.locator('[data-test-id="canvas-handle-plus"]').first().waitFor();
}

/**
 * From the trigger's "+" handle: search the nodes panel for the node and open its list of
 * actions (the moment worth a screenshot). Call chooseAction next.
 */
export async function openPresenterVideoActions(page: Page): Promise<void> {
	await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
	let node: Locator;
	try {
		node = await searchFor(page, 'Presenter Video', 'Presenter Video');
	} catch {
		throw new Error(
			'The nodes panel lists nothing for "Presenter Video". n8n leaves out of search the nodes whose codex ' +
				'(PresenterVideo.node.json) puts them in the "AI" category without being AI root nodes, on a canvas without AI nodes.',
		);
	}
	await node.click();
	await item(page, 'Create video and download MP4').waitFor();
}

/** Picks an action from the open node's list; n8n adds the node and opens its panel (NDV). */
export async function chooseAction(page: Page, action: string): Promise<void> {
	await item(page, action).click();
	await page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]').waitFor();
}
