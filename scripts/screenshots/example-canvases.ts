import type { Page } from 'playwright-core';
import { logProgress } from '../n8n/progress-log';
import type { ExampleWorkflow } from '../start/example-workflows';
import type { DocsShots } from './docs-shots';
import { openWorkflow } from './workflow-canvas';

function drawnNodeCount(example: ExampleWorkflow): number {
	const nodes = (example.workflow.nodes ?? []) as Array<{ type?: unknown }>;
	// Sticky notes are drawn differently; only real nodes are waited for.
	return nodes.filter((node) => !String(node.type).endsWith('.stickyNote')).length;
}

/** One canvas screenshot per imported example, named docs/example-<file name>.png. */
export async function screenshotExampleCanvases(
	page: Page,
	baseUrl: string,
	examples: ExampleWorkflow[],
	shots: DocsShots,
): Promise<void> {
	for (const example of examples) {
		if (example.id === undefined) {
			logProgress('screenshots', `skipped ${example.key}: the workflow has no fixed "id" to open it by`);
			continue;
		}
		await openWorkflow(page, baseUrl, example.id, drawnNodeCount(example));
		await shots.save(
			`example-${example.key}`,
			`The example workflow "${example.name}" (${example.key}.json) on the canvas`,
		);
	}
}
