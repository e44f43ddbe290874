/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
/**
 * One n8n process of a workspace shared by several: it runs Create items with the Presenter Video
 * node in a real n8n-core workflow, with a request budget of its own (as each n8n worker in queue
 * mode has), on the sandbox's clock.
 */
import '../../../setup-env';

import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { runServiceTimeFaster } from '../../../harness';
import type { Sandbox } from '../../../sandbox';
import { CREATE_FROM_TOPIC, topicItems } from '../createBatch';
import { runPresenterVideo } from '../presenterVideoKit';

export interface WorkspaceRun {
	type: 'run';
	service: Pick<Sandbox, 'baseUrl' | 'keys'>;
	/** The sandbox's clock, which this process runs on too: factor 50 runs the service's minute in 1.2 s. */
	serviceTime: { factor: number; origin: number };
	requestsPerMinute: number;
	itemCount: number;
	/** Names the items ("<label> 0", "<label> 1", …), so that each process's starts are told apart. */
	label: string;
}

export type FromWorkspaceProcess =
	| { type: 'ready' }
	| { type: 'done'; status: string; outputs: IDataObject[]; error?: string };

function send(message: FromWorkspaceProcess): void {
	process.send?.(message);
}

/** By file name: outside jest, `PresenterVideo.node` would resolve to the node's JSON codex. */
const nodeModule = import(join(__dirname, '../../../../nodes/PresenterVideo/PresenterVideo.node.ts')) as Promise<
	typeof import('../../../../nodes/PresenterVideo/PresenterVideo.node')
>;

async function run(message: WorkspaceRun) {
	const { PresenterVideo } = await nodeModule;
	runServiceTimeFaster(message.serviceTime.factor, message.serviceTime.origin);
	return await runPresenterVideo(message.service, {
		nodeType: new PresenterVideo(),
		// One credential, as every worker of a queue-mode n8n loads the same one.
		credentialId: 'shared-workspace',
		requestsPerMinute: message.requestsPerMinute,
		items: topicItems(message.itemCount, message.label),
		parameters: CREATE_FROM_TOPIC,
	});
}

process.on('message', (message: WorkspaceRun) => {
	run(message)
		.then((result) =>
			send({
				type: 'done',
				status: result.status,
				outputs: result.output.map((item) => item.json),
				error: result.error?.message,
			}),
		)
		.catch((error: unknown) => send({ type: 'done', status: 'crashed', outputs: [], error: String(error) }));
});

void nodeModule.then(() => send({ type: 'ready' }));
