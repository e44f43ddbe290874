/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import type { N8nInstance } from '../n8n/instance';
import type { ExampleProblem, ExampleWorkflow } from './example-workflows';

export interface ExampleImportReport {
	imported: ExampleWorkflow[];
	/** Imported by an earlier start into the same user folder; left alone so the user's edits survive. */
	keptFromEarlierStart: ExampleWorkflow[];
	failed: ExampleProblem[];
}

/** Which examples this user folder has received, so a restart neither overwrites nor resurrects them. */
function recordFile(instance: N8nInstance): string {
	return path.join(instance.userFolder, 'imported-examples.json');
}

function readRecord(instance: N8nInstance): Set<string> {
	const file = recordFile(instance);
	if (!fs.existsSync(file)) return new Set();
	return new Set(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]);
}

function writeRecord(instance: N8nInstance, keys: Set<string>): void {
	fs.writeFileSync(recordFile(instance), `${JSON.stringify([...keys].sort(), null, 2)}\n`);
}

/** n8n's CLI ends its output with the reason (for example "Workflow structure is invalid. …"). */
function importFailureReason(error: unknown): string {
	const lines = (error instanceof Error ? error.message : String(error))
		.split('\n')
		.filter((line) => line.trim() !== '');
	return lines[lines.length - 1] ?? 'unknown error';
}

/**
 * Imports the examples this user folder has not received yet, with n8n's CLI. One CLI run for all
 * (each run boots n8n for several seconds); if that fails, one run per example, skipping the bad ones.
 */
export async function importExampleWorkflows(
	instance: N8nInstance,
	examples: ExampleWorkflow[],
): Promise<ExampleImportReport> {
	const record = readRecord(instance);
	const pending = examples.filter((example) => !record.has(example.key));
	const report: ExampleImportReport = {
		imported: [],
		keptFromEarlierStart: examples.filter((example) => record.has(example.key)),
		failed: [],
	};
	if (pending.length === 0) return report;

	try {
		await instance.importWorkflows(pending.map((example) => example.workflow));
		report.imported.push(...pending);
	} catch {
		for (const example of pending) {
			try {
				await instance.importWorkflows([example.workflow]);
				report.imported.push(example);
			} catch (error) {
				report.failed.push({ file: example.file, reason: importFailureReason(error) });
			}
		}
	}
	for (const example of report.imported) record.add(example.key);
	writeRecord(instance, record);
	return report;
}
