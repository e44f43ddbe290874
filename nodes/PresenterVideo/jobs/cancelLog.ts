import type { IExecuteFunctions } from 'n8n-workflow';

import type { ErrorWithDescription } from './output';

/**
 * Logs a cancelled run's error, naming its jobs and maybe-billed starts, as one warn line: n8n saves
 * no error of a node stopped mid-run (2.41.1 keeps the execution as stored when the stop came,
 * 1.123.81 only the nodes ended by then), so the log is where those job IDs reach a person.
 */
export function logCancelledRun(
	context: Pick<IExecuteFunctions, 'logger' | 'getNode' | 'getWorkflow' | 'getExecutionId'>,
	error: ErrorWithDescription,
): void {
	const workflowId = context.getWorkflow().id;
	const executionId = context.getExecutionId();
	const run = [workflowId && `workflow ${workflowId}`, executionId && `execution ${executionId}`].filter(Boolean);
	const where = `Presenter Video node "${context.getNode().name}"${run.length ? ` (${run.join(', ')})` : ''}`;
	// One line, so that a search of the log for a job ID finds the whole report.
	const report = [error.message, error.description]
		.filter(Boolean)
		.join('. ')
		.replace(/\s*\n\s*/g, ' ');
	context.logger.warn(`${where}: ${report}`);
}
