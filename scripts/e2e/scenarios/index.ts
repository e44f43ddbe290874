import type { Scenario } from '../scenario';
import { callbackBatchScenario } from './callback-batch';
import { callbackWaitScenario } from './callback-wait';
import { catalogueScenario } from './catalogue';
import { errorExecutionsScenario } from './error-executions';
import { exampleExportNotifyScenario } from './example-export-notify';
import { exampleScriptReviewScenario } from './example-script-review';
import { exampleSpreadsheetEditorScenario } from './example-spreadsheet-editor';
import { exampleSpreadsheetSocialScenario } from './example-spreadsheet-social';
import { lateCallbackScenario } from './late-callback';
import { lateDecisionScenario } from './late-decision';
import { mcpToolsScenario } from './mcp-tools';
import { pausedFailureScenario } from './paused-failure';
import { pausedThenWaitNodeScenario } from './paused-then-wait-node';
import { pausedTwiceScenario } from './paused-twice';
import { examplesImportableScenario } from './examples-importable';
import { promptToMp4Scenario } from './prompt-to-mp4';
import { spreadsheetBatchScenario } from './spreadsheet-batch';
import { ssrfProtectionScenario } from './ssrf-protection';
import { stoppedStartsScenario } from './stopped-starts';
import { subWorkflowWaitNodeScenario } from './sub-workflow-wait-node';
import { triggerCallbacksScenario } from './trigger-callbacks';
import { workflowShapesCodeScenario, workflowShapesScenario } from './workflow-shapes';

/** In the order they run; each reads only its own workflow's executions. */
export const allScenarios: Scenario[] = [
	catalogueScenario,
	promptToMp4Scenario,
	spreadsheetBatchScenario,
	triggerCallbacksScenario,
	callbackWaitScenario,
	callbackBatchScenario,
	pausedThenWaitNodeScenario,
	pausedTwiceScenario,
	lateCallbackScenario,
	pausedFailureScenario,
	lateDecisionScenario,
	workflowShapesScenario,
	workflowShapesCodeScenario,
	subWorkflowWaitNodeScenario,
	errorExecutionsScenario,
	stoppedStartsScenario,
	ssrfProtectionScenario,
	examplesImportableScenario,
	exampleSpreadsheetSocialScenario,
	exampleSpreadsheetEditorScenario,
	exampleScriptReviewScenario,
	exampleExportNotifyScenario,
	mcpToolsScenario,
];
