/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test and tooling code runs in Node, not inside n8n */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../harness';
import type { Sandbox } from '../sandbox';

/**
 * What every benchmark shares: n8n-core's user folder set before it loads, the node as built in
 * dist/ (as n8n loads it), run in a real workflow with the sandbox credential, and a failing exit.
 */

export function runBenchmark(main: () => Promise<void>): void {
	process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'presenter-video-bench-'));
	main().catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
}

export type BuiltNodeRun = (
	parameters: INodeParameters,
	inputItems?: INodeExecutionData[],
	/** Where `$execution.resumeUrl` points, e.g. a harness waiting-webhook server. */
	urls?: { instanceBaseUrl: string; webhookWaitingBaseUrl: string },
) => Promise<NodeRunResult>;

/** Loads n8n-core and the built node up front, so that loading is not part of what is measured. */
export async function loadBuiltNode(
	sandbox: Pick<Sandbox, 'baseUrl' | 'keys'>,
	credential: { requestsPerMinute?: number } = {},
): Promise<BuiltNodeRun> {
	const { runNode } = await import('../harness');
	const { PresenterVideo } = (await import(
		join(__dirname, '../../dist/nodes/PresenterVideo/PresenterVideo.node.js')
	)) as typeof import('../../nodes/PresenterVideo/PresenterVideo.node');
	return async (parameters, inputItems, urls) =>
		await runNode({
			...urls,
			nodeType: new PresenterVideo(),
			credentials: [
				{
					type: 'presenterVideoApi',
					data: { apiKey: sandbox.keys.main, baseUrl: sandbox.baseUrl, ...credential },
				},
			],
			parameters,
			inputItems,
		});
}

/** Generate from a prompt per item ("Topic 0", "Topic 1", …), waiting as `waitForCompletion` says. */
export function promptBatch(
	waitForCompletion: 'poll' | 'callback',
	itemCount: number,
): [INodeParameters, INodeExecutionData[]] {
	return [
		{
			resource: 'video',
			operation: 'generate',
			inputMethod: 'prompt',
			prompt: '={{ $json.topic }}',
			duration: 30,
			format: 'vertical',
			waitForCompletion,
		},
		Array.from({ length: itemCount }, (_, index) => ({ json: { topic: `Topic ${index}` } })),
	];
}
