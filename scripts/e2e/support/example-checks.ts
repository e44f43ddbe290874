/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { isDeepStrictEqual } from 'node:util';
import { presenterCredential, presenterCredentialType } from '../workflows/credential';
import type { Workflow } from '../workflows/workflow-json';

/** Node types that serve a URL; n8n needs a fixed webhookId on them for a stable address. */
const webhookNodeTypes = new Set([
	'n8n-nodes-base.webhook',
	'n8n-nodes-base.formTrigger',
	'n8n-nodes-base.form',
	'n8n-nodes-presenter-video.presenterVideoTrigger',
]);

/**
 * Node types that run without an account elsewhere: in the sandbox's n8n, as imported. Any other
 * node in an example must carry pinned sample data, so that the example runs as it is.
 */
const selfContainedNodeTypes = new Set([
	'n8n-nodes-base.manualTrigger',
	'n8n-nodes-base.scheduleTrigger',
	'n8n-nodes-base.webhook',
	'n8n-nodes-base.respondToWebhook',
	'n8n-nodes-base.formTrigger',
	'n8n-nodes-base.form',
	'n8n-nodes-base.set',
	'n8n-nodes-base.code',
	'n8n-nodes-base.if',
	'n8n-nodes-base.filter',
	'n8n-nodes-base.noOp',
	'n8n-nodes-presenter-video.presenterVideo',
	'n8n-nodes-presenter-video.presenterVideoTrigger',
]);

/** What would stop the workflow from importing and opening cleanly in this n8n, as readable lines. */
export function exampleProblems(workflow: Workflow, loadedTypes: Map<string, number[]>): string[] {
	const problems: string[] = [];
	if (typeof workflow.id !== 'string' || workflow.id === '') problems.push('no id');
	if (typeof workflow.name !== 'string' || workflow.name === '') problems.push('no name');
	const names = workflow.nodes.map((node) => node.name);
	if (new Set(names).size !== names.length) problems.push('node names are not unique');
	for (const node of workflow.nodes) {
		const versions = loadedTypes.get(node.type);
		if (versions === undefined) problems.push(`"${node.name}": node type ${node.type} is not loaded`);
		else if (!versions.includes(node.typeVersion))
			problems.push(`"${node.name}": ${node.type} has no type version ${node.typeVersion} (${versions.join(', ')})`);
		if (webhookNodeTypes.has(node.type) && !node.webhookId) problems.push(`"${node.name}": no fixed webhookId`);
		if (!selfContainedNodeTypes.has(node.type) && !(workflow.pinData?.[node.name]?.length ?? 0))
			problems.push(`"${node.name}": ${node.type} needs an outside account and has no pinned sample data`);
		const credential = node.credentials?.[presenterCredentialType];
		if (credential !== undefined && !isDeepStrictEqual(credential, presenterCredential))
			problems.push(`"${node.name}": credential is not ${JSON.stringify(presenterCredential)}`);
	}
	for (const pinned of Object.keys(workflow.pinData ?? {})) {
		if (!names.includes(pinned)) problems.push(`pinned data for unknown node "${pinned}"`);
	}
	for (const [source, outputs] of Object.entries(workflow.connections)) {
		if (!names.includes(source)) problems.push(`connection from unknown node "${source}"`);
		for (const target of Object.values(outputs).flat(2)) {
			if (!names.includes(target.node)) problems.push(`connection to unknown node "${target.node}"`);
		}
	}
	return problems;
}
