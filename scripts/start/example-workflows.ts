/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { N8nExport } from '../n8n/instance';
import { repoRoot } from '../n8n/paths';
import { credentialType, demoCredentialRef } from './demo-credential';

export const examplesDir = path.join(repoRoot, 'examples');

export interface ExampleWorkflow {
	/** File name without `.json` (plus `-<n>` when a file holds several workflows); names its screenshot. */
	key: string;
	file: string;
	id: string | undefined;
	name: string;
	workflow: N8nExport;
}

export interface ExampleProblem {
	file: string;
	reason: string;
}

interface WorkflowNode {
	credentials?: Record<string, unknown>;
	[field: string]: unknown;
}

function isWorkflow(value: unknown): value is N8nExport & { nodes: WorkflowNode[] } {
	return typeof value === 'object' && value !== null && Array.isArray((value as { nodes?: unknown }).nodes);
}

/** Points every reference to a Presenter Video credential at the demo's one, whatever id the file carries. */
function wireToDemoCredential(workflow: N8nExport & { nodes: WorkflowNode[] }): N8nExport {
	const nodes = workflow.nodes.map((node) =>
		node.credentials?.[credentialType] === undefined
			? node
			: { ...node, credentials: { ...node.credentials, [credentialType]: { ...demoCredentialRef } } },
	);
	return { ...workflow, nodes };
}

function readExampleFile(file: string): ExampleWorkflow[] {
	const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
	const workflows = Array.isArray(parsed) ? parsed : [parsed];
	const base = path.basename(file, '.json');
	return workflows.map((workflow, index) => {
		if (!isWorkflow(workflow)) throw new Error(`entry ${index + 1} is not a workflow (no "nodes" list)`);
		return {
			key: workflows.length === 1 ? base : `${base}-${index + 1}`,
			file,
			id: typeof workflow.id === 'string' ? workflow.id : undefined,
			name: typeof workflow.name === 'string' ? workflow.name : base,
			workflow: wireToDemoCredential(workflow),
		};
	});
}

/** Every workflow in examples/*.json, in file-name order; unreadable files are reported, not fatal. */
export function loadExampleWorkflows(dir = examplesDir): { examples: ExampleWorkflow[]; problems: ExampleProblem[] } {
	const examples: ExampleWorkflow[] = [];
	const problems: ExampleProblem[] = [];
	if (!fs.existsSync(dir)) return { examples, problems };
	const files = fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => path.join(dir, name));
	for (const file of files) {
		try {
			examples.push(...readExampleFile(file));
		} catch (error) {
			problems.push({ file, reason: error instanceof Error ? error.message : String(error) });
		}
	}
	return { examples, problems };
}
