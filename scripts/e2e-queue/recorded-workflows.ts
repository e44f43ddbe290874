import { codeNode, nodeId, presenterVideoNode, webhookNode } from '../e2e/workflows/nodes';
import { linearWorkflow, type Workflow, type WorkflowNode } from '../e2e/workflows/workflow-json';
import { queuePorts } from './ports';

/**
 * Workflows whose nodes after a paused Generate report every run to the run recorder, so a test
 * can count how often the rest of the workflow ran, whatever n8n saved.
 */

type NodeSpec = Omit<WorkflowNode, 'position'>;

const recorderUrl = `http://127.0.0.1:${queuePorts.runRecorder}/runs`;

/** An HTTP Request node (a version 1.123 and 2.41 both ship) that posts the execution id and the given job ids. */
function recordRunNode(name: string, jobIdsExpression: string, executeOnce: boolean): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		executeOnce,
		parameters: {
			method: 'POST',
			url: recorderUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ executionId: $execution.id, jobIds: ${jobIdsExpression} }) }}`,
			options: {},
		},
	};
}

/** `body.count` items, each prompt carrying `body.tag`, item i a video of 10 × i seconds. */
const taggedDurations = codeNode(
	'Prompts',
	'const { count, tag } = $input.first().json.body;\nreturn Array.from({ length: count }, (_, i) => ({ json: { prompt: `${tag} item ${i + 1}`, duration: 10 * (i + 1) } }));',
);

function pausedGenerate(name: string): NodeSpec {
	return presenterVideoNode(name, {
		resource: 'video',
		operation: 'generate',
		inputMethod: 'prompt',
		prompt: '={{ $json.prompt }}',
		duration: '={{ $json.duration }}',
		format: 'vertical',
		waitForCompletion: 'callback',
		simplify: true,
		options: { maxWaitMinutes: 10 },
	});
}

/** The rest of a real workflow takes a while (an export, a post): here n8n's Wait node, 2 s in the worker. */
function workAfterwards(name: string): NodeSpec {
	return {
		id: nodeId(name),
		name,
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		webhookId: '0c1d2e3f-0106-4a00-8000-0000000e2e06',
		parameters: { resume: 'timeInterval', amount: 2, unit: 'seconds' },
	};
}

export const recordedBatchNodeName = 'Generate, then record';
export const recordedBatchLastNode = 'Post the videos';

/**
 * Webhook → prompts → Generate paused for callbacks → one recorded run with every item's job → 2 s
 * of further work. A second continuation that starts while the first still works runs it all again.
 */
export const recordedBatch = {
	path: 'e2e-queue-recorded-batch',
	workflow: linearWorkflow('E2eQueueRecorded1', 'E2E: paused batch, runs after it recorded', [
		webhookNode('e2e-queue-recorded-batch', '0c1d2e3f-0104-4a00-8000-0000000e2e04', { mode: 'onReceived' }),
		taggedDurations,
		pausedGenerate(recordedBatchNodeName),
		recordRunNode('Record run', `$('${recordedBatchNodeName}').all().map((item) => item.json.jobId)`, true),
		workAfterwards(recordedBatchLastNode),
	]),
};

/**
 * The workflow with each of the given nodes' results also posted to the recorder, one run per
 * item, from a node placed above the rest so that n8n's v1 order runs it before the next node.
 */
export function recordingJobNodes(workflow: Workflow, jobNodes: string[]): Workflow {
	const present = workflow.nodes.filter((node) => jobNodes.includes(node.name));
	const recorders = present.map((node) => ({
		...recordRunNode(`Record ${node.name}`, '[$json.jobId ?? $json.generationJobId]', false),
		position: [node.position[0] + 240, node.position[1] - 240] as [number, number],
	}));
	const connections = { ...workflow.connections };
	for (const node of present) {
		const outputs = connections[node.name]?.main ?? [[]];
		const [first = [], ...rest] = outputs;
		connections[node.name] = { main: [[...first, { node: `Record ${node.name}`, type: 'main', index: 0 }], ...rest] };
	}
	return { ...workflow, nodes: [...workflow.nodes, ...recorders], connections };
}
