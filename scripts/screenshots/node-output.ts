/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import type { Locator, Page } from 'playwright-core';

/** The few members of the page's HTMLVideoElement used here (the scripts compile without DOM types). */
interface VideoPlayer {
	readonly currentTime: number;
	readonly duration: number;
	muted: boolean;
	play(): Promise<void>;
	pause(): void;
	ontimeupdate: (() => void) | null;
	onpause: (() => void) | null;
}

function outputPanel(page: Page): Locator {
	return page.locator('[data-test-id="ndv"] [data-test-id="output-panel"]');
}

/**
 * Clicks "Execute step" and waits for the run to end. Create waits for a generation and an
 * export on the service, so the wait is long but bounded; a failed run throws n8n's message.
 */
export async function executeStepAndWait(page: Page, timeoutMs: number): Promise<void> {
	await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').click();
	const panel = outputPanel(page);
	const success = panel.locator('[data-test-id="node-run-status-success"]');
	const failure = panel.locator('[data-test-id="node-error-message"]');
	await success.or(failure).first().waitFor({ timeout: timeoutMs });
	if (await failure.isVisible()) throw new Error(`the node failed: ${(await failure.innerText()).trim()}`);
}

/** The Binary view of the output: one card per binary field, with name, type and size. */
export async function showBinaryOutput(page: Page): Promise<void> {
	const panel = outputPanel(page);
	const binaryTab = panel.locator('[data-test-id="radio-button-binary"]');
	if (await binaryTab.isVisible()) await binaryTab.click();
	const card = panel.locator('[data-test-id="ndv-binary-data_0"]');
	await card.waitFor();
	const text = await card.innerText();
	if (!text.includes('video/mp4')) throw new Error(`the binary output is not an MP4:\n${text}`);
}

/**
 * Opens n8n's viewer for the MP4, plays it and pauses it once `atSeconds` have played: the
 * screenshot then shows that the file really plays in the browser. (Setting the position
 * directly left this viewer at 0 s.)
 */
export async function previewVideo(page: Page, atSeconds: number): Promise<{ at: number; duration: number }> {
	await outputPanel(page).locator('[data-test-id="ndv-view-binary-data"]').click();
	const video = outputPanel(page).locator('video');
	await video.waitFor();
	await video.evaluate(
		(element, at) =>
			new Promise<void>((resolve, reject) => {
				// Only anonymous functions in here: tsx would wrap named ones in a helper the page lacks.
				const player = element as unknown as VideoPlayer;
				player.ontimeupdate = () => {
					if (player.currentTime >= at) player.pause();
				};
				player.onpause = () => resolve();
				// Muted, so no autoplay policy stands in the way; bounded in case it never starts.
				player.muted = true;
				player.play().catch(reject);
				setTimeout(
					() => {
						player.pause();
						resolve();
					},
					(at + 10) * 1000,
				);
			}),
		atSeconds,
	);
	return video.evaluate((element) => {
		const player = element as unknown as VideoPlayer;
		return { at: Math.round(player.currentTime * 10) / 10, duration: player.duration };
	});
}

export async function leaveVideoPreview(page: Page): Promise<void> {
	const back = outputPanel(page).getByText('Back to list');
	if (await back.isVisible()) await back.click();
}

/** The JSON view of the output: the ids, costs and URLs next to the binary. */
export async function showJsonOutput(page: Page): Promise<string> {
	const panel = outputPanel(page);
	await panel.locator('[data-test-id="radio-button-json"]').click();
	const data = panel.locator('[data-test-id="ndv-data-container"]');
	await data.getByText('exportJobId').first().waitFor();
	return data.innerText();
}
