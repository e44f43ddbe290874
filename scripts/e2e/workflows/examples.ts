/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../n8n/paths';
import type { Workflow } from './workflow-json';

export const examplesDir = path.join(repoRoot, 'examples');

/** An example workflow exactly as a user imports it from examples/. */
export function loadExample(fileName: string): Workflow {
	return JSON.parse(fs.readFileSync(path.join(examplesDir, fileName), 'utf8')) as Workflow;
}

/** Every workflow file in examples/, by file name. */
export function loadAllExamples(): Map<string, Workflow> {
	const files = fs
		.readdirSync(examplesDir)
		.filter((file) => file.endsWith('.json'))
		.sort();
	return new Map(files.map((file) => [file, loadExample(file)]));
}
