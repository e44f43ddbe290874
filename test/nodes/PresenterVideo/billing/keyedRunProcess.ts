/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * One n8n process that runs a workflow's Presenter Video node with an Idempotency Key, as the
 * editor or an active workflow does. Stopping it and starting another on the same de-duplication
 * file is a restart of n8n.
 */
import '../../../setup-env';

import { join } from 'path';

import type { IDataObject, WorkflowExecuteMode } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { PROMPT_GENERATE, runPresenterVideo } from '../presenterVideoKit';

export interface KeyedRun {
	type: 'run';
	service: Pick<Sandbox, 'baseUrl' | 'keys'>;
	mode: WorkflowExecuteMode;
	keys: string[];
	/** The workflow's static data as n8n loads it for this run. */
	staticData: IDataObject;
}

export type FromKeyedRunProcess =
	| { type: 'ready' }
	| { type: 'done'; outputs: IDataObject[]; hints: string[]; staticData: IDataObject; error?: string };

function send(message: FromKeyedRunProcess): void {
	process.send?.(message);
}

/** By file name: outside jest, `PresenterVideo.node` would resolve to the node's JSON codex. */
const nodeModule = import(join(__dirname, '../../../../nodes/PresenterVideo/PresenterVideo.node.ts')) as Promise<
	typeof import('../../../../nodes/PresenterVideo/PresenterVideo.node')
>;

async function run(message: KeyedRun): Promise<FromKeyedRunProcess> {
	const { PresenterVideo } = await nodeModule;
	const { staticData } = message;
	const result = await runPresenterVideo(message.service, {
		nodeType: new PresenterVideo(),
		workflowId: 'keyed-workflow',
		credentialId: 'keyed-credential',
		mode: message.mode,
		staticData,
		items: message.keys.map((key) => ({ json: { key } })),
		parameters: { ...PROMPT_GENERATE, options: { idempotencyKey: '={{ $json.key }}' } },
	});
	const [task] = result.run.data.resultData.runData['Presenter Video'] ?? [];
	return {
		type: 'done',
		outputs: result.output.map((item) => item.json),
		hints: (task?.hints ?? []).map((hint) => hint.message),
		staticData,
		error: result.errorOf('Presenter Video')?.message,
	};
}

process.on('message', (message: KeyedRun) => {
	run(message)
		.then(send)
		.catch((error: unknown) => send({ type: 'done', outputs: [], hints: [], staticData: {}, error: String(error) }));
});

void nodeModule.then(() => send({ type: 'ready' }));
