/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import type { Scenario } from '../scenario';
import { exampleProblems } from '../support/example-checks';
import { loadedNodeTypes } from '../support/node-catalogue';
import { workflowReader } from '../support/workflow-readback';
import { loadAllExamples } from '../workflows/examples';

const examples = loadAllExamples();

/** The files in examples/, imported unchanged as a user would, and checked against this n8n's node types. */
export const examplesImportableScenario: Scenario = {
	name: 'examples: import, node types',
	workflows: [],
	inactiveWorkflows: [...examples.values()],
	async run({ instance }) {
		const ids = [...examples.values()].map((workflow) => workflow.id);
		assert.equal(new Set(ids).size, ids.length, 'every example has its own id');
		const loadedTypes = await loadedNodeTypes(instance);
		const readWorkflow = await workflowReader(instance);
		const problems: string[] = [];
		for (const [file, example] of examples) {
			problems.push(...exampleProblems(example, loadedTypes).map((problem) => `${file}: ${problem}`));
			const stored = await readWorkflow(example.id);
			if (stored.name !== example.name) problems.push(`${file}: imported as "${stored.name}"`);
			const storedNodes = stored.nodes.map((node) => `${node.name} ${node.type}@${node.typeVersion}`).sort();
			const fileNodes = example.nodes.map((node) => `${node.name} ${node.type}@${node.typeVersion}`).sort();
			if (storedNodes.join('\n') !== fileNodes.join('\n')) problems.push(`${file}: nodes changed on import`);
		}
		assert.deepEqual(problems, []);
	},
};
