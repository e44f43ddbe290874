// Runs our nodes inside real n8n-core workflows (WorkflowExecute, WebhookContext,
// BinaryDataService in filesystem mode) over real HTTP, for jest workflow tests.
export { DEFAULT_INSTANCE_BASE_URL } from './additional-data';
export type { InstanceUrls } from './additional-data';
export { binaryFilePath, readBinary } from './binary-data';
export type { HarnessCredential } from './credentials-helper';
export { captureLogs } from './logger';
export type { LogCapture, LogLine } from './logger';
export { ResumeRefusedError, resumeExecution } from './resume-execution';
export type { ResumedRunResult, ResumeRequest } from './resume-execution';
export { runNode } from './run-node';
export type { NodeRunResult, RunNodeOptions } from './run-node';
export type { WorkflowRunResult } from './run-result';
export { runWebhook } from './run-webhook';
export type { RunWebhookOptions, WebhookRunResult } from './run-webhook';
export { runWorkflow, startWorkflow } from './run-workflow';
export type { RunWorkflowOptions } from './run-workflow';
export type { RunningExecution } from './start-execution';
export { ssrfProtection } from './n8n-core-container';
export { HARNESS_START_NODE_NAME, HARNESS_START_NODE_TYPE } from './start-node';
export { startWaitingWebhookServer } from './waiting-webhook-server';
export type { ReceivedResumeCall, WaitingWebhookServer } from './waiting-webhook-server';
export type { CapturedResponse, WebhookRequest } from './webhook-http';
export { useDatabaseBinaryMode } from './database-binary-mode';
export { runServiceTimeFaster } from './service-time';
