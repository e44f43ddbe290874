import { codeNode, setNode } from './nodes';
import { loadExample } from './examples';
import { withStandIns } from './workflow-edits';
import type { NodeParameters, Workflow, WorkflowNode } from './workflow-json';

/**
 * The examples as they are, except for the nodes that need an outside account (Google, YouTube,
 * SMTP): those become Set or Code nodes that show what would have been sent. Webhook ids and
 * paths get their own values, so a variant never clashes with its imported original.
 */

function ownWebhooks(suffix: string) {
	return (node: WorkflowNode): WorkflowNode => {
		if (node.webhookId === undefined) return node;
		const adjusted: WorkflowNode = { ...node, webhookId: `${node.webhookId.slice(0, -4)}${suffix}` };
		const options = node.parameters.options as Record<string, unknown> | undefined;
		if (typeof options?.path === 'string') {
			adjusted.parameters = { ...node.parameters, options: { ...options, path: `e2e-${options.path}` } };
		}
		return adjusted;
	};
}

function parametersOf(workflow: Workflow, nodeName: string): NodeParameters {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	if (node === undefined) throw new Error(`${workflow.id} has no node "${nodeName}"`);
	return node.parameters;
}

function webhookIdOf(workflow: Workflow, nodeName: string): string {
	const webhookId = workflow.nodes.find((node) => node.name === nodeName)?.webhookId;
	if (webhookId === undefined) throw new Error(`${workflow.id}: "${nodeName}" has no webhookId`);
	return webhookId;
}

/** The sample output a node carries in the example, which the editor shows instead of running it. */
function pinnedJson(workflow: Workflow, nodeName: string): Array<Record<string, unknown>> {
	const items = workflow.pinData?.[nodeName];
	if (items === undefined) throw new Error(`${workflow.id}: "${nodeName}" has no pinned data`);
	return items.map((item) => item.json);
}

// 1. Spreadsheet rows to YouTube: the example's pinned rows in a Code node, the upload's fields instead of YouTube.
const sheetToSocial = loadExample('spreadsheet-to-social.json');
const youtube = parametersOf(sheetToSocial, 'Post to YouTube');
export const spreadsheetRowsForVariant = pinnedJson(sheetToSocial, 'Read video ideas') as Array<{
	id: string;
	topic: string;
	duration: number;
}>;
export const sheetToSocialVariant = withStandIns(
	sheetToSocial,
	'E2eExSheetSocia1',
	'E2E variant: rows to videos to a social post',
	{
		'Read video ideas': codeNode(
			'Read video ideas',
			`return ${JSON.stringify(spreadsheetRowsForVariant)}.map((json) => ({ json }));`,
		),
		'Post to YouTube': setNode('Post to YouTube', [
			['title', 'string', String(youtube.title)],
			['description', 'string', String((youtube.options as NodeParameters).description)],
			['privacyStatus', 'string', String((youtube.options as NodeParameters).privacyStatus)],
			['videoFile', 'string', `={{ $binary.${String(youtube.binaryProperty)}.fileName }}`],
		]),
	},
);

// 2. Prompt, reviewed script, video: Google Drive replaced by the file name and a made-up link.
export const reviewFormPath = 'e2e-presenter-video-request';
export const scriptReviewVariant = withStandIns(
	loadExample('prompt-script-review-video.json'),
	'E2eExScriptRevw1',
	'E2E variant: prompt, reviewed script, video',
	{
		'Upload to Google Drive': setNode('Upload to Google Drive', [
			['name', 'string', '={{ $json.fileName }}'],
			['webViewLink', 'string', "={{ 'https://drive.example.invalid/' + $json.fileName }}"],
		]),
	},
	ownWebhooks('e2e2'),
);

// 3. Export completed, email the video: the email's fields instead of sending it.
const exportNotify = loadExample('export-completed-notify.json');
const email = parametersOf(exportNotify, 'Email the video');
export const exportNotifyVariant = withStandIns(
	exportNotify,
	'E2eExExportNtfy1',
	'E2E variant: export completed, email the video',
	{
		'Email the video': setNode('Email the video', [
			['to', 'string', String(email.toEmail)],
			['subject', 'string', String(email.subject)],
			['text', 'string', String(email.text)],
			['attachment', 'string', `={{ $binary.${String((email.options as NodeParameters).attachments)}.fileName }}`],
		]),
	},
	ownWebhooks('e2e3'),
);
export const exportNotifyTriggerPath = `${webhookIdOf(exportNotifyVariant, 'Export completed')}/presenter-video`;
