import { presenterCredential, presenterCredentialType } from './credential';
import { byId, presenterVideoType } from './nodes';
import type { Connections, NodeParameters, Workflow, WorkflowNode } from './workflow-json';

export const mcpToolsWorkflowId = 'E2eMcpTools00001';
export const mcpPath = 'e2e-presenter-video';
export const mcpTriggerName = 'MCP Server Trigger';

/** The type n8n gives the tool form of a `usableAsTool` node: its name plus `Tool`. */
export const presenterVideoToolType = `${presenterVideoType}Tool`;

/** n8n names each MCP tool after its node (characters other than letters, digits, _ and - become _). */
export const toolNodes = {
	listVoices: 'list_voices',
	listAvatars: 'list_avatars',
	writeScript: 'write_script',
	startVideo: 'start_video',
	videoStatus: 'get_video_status',
	startCappedVideo: 'start_capped_video',
	generateAndWait: 'generate_video_and_wait',
} as const;

/** The credit cap of start_capped_video: one 30-second video fits, anything longer does not. */
export const cappedToolMaxCredits = 5;

function fromAi(key: string, description: string, type: 'string' | 'number' | 'boolean'): string {
	return `={{ $fromAI('${key}', '${description}', '${type}') }}`;
}

function toolNode(name: string, parameters: NodeParameters, index: number): WorkflowNode {
	return {
		id: `tool-${index}`,
		name,
		type: presenterVideoToolType,
		typeVersion: 1,
		position: [index * 200, 240],
		// The description n8n derives from the operation's action, as a user gets it by default.
		parameters: { descriptionType: 'auto', ...parameters },
		credentials: { [presenterCredentialType]: presenterCredential },
	};
}

/** Video Generate from the agent's prompt and length. */
function promptVideo(waitForCompletion: 'none' | 'callback', options: NodeParameters): NodeParameters {
	return {
		resource: 'video',
		operation: 'generate',
		inputMethod: 'prompt',
		prompt: fromAi('prompt', 'What the video should be about', 'string'),
		duration: fromAi('duration_seconds', 'Length of the video in seconds, 10 to 600', 'number'),
		format: 'vertical',
		waitForCompletion,
		simplify: true,
		options,
	};
}

const tools: WorkflowNode[] = [
	toolNode(
		toolNodes.listVoices,
		{
			resource: 'voice',
			operation: 'getMany',
			returnAll: false,
			limit: fromAi('limit', 'How many voices to return, 1 to 100', 'number'),
			filters: { language: fromAi('language', 'Language code of the voices, for example en or fr', 'string') },
		},
		0,
	),
	toolNode(
		toolNodes.listAvatars,
		{
			resource: 'avatar',
			operation: 'getMany',
			returnAll: false,
			limit: fromAi('limit', 'How many avatars to return, 1 to 100', 'number'),
			filters: {},
		},
		1,
	),
	toolNode(
		toolNodes.writeScript,
		{
			resource: 'script',
			operation: 'generate',
			prompt: fromAi('prompt', 'What the script should be about', 'string'),
			duration: fromAi('duration_seconds', 'Target length of the spoken script in seconds, 10 to 600', 'number'),
			options: {},
		},
		2,
	),
	toolNode(
		toolNodes.startVideo,
		{
			resource: 'video',
			operation: 'generate',
			inputMethod: 'script',
			script: fromAi('script', 'The exact words the presenter says', 'string'),
			voice: byId(fromAi('voice_id', 'Id of a voice returned by list_voices', 'string')),
			avatar: byId(fromAi('avatar_id', 'Id of an avatar returned by list_avatars', 'string')),
			format: 'vertical',
			waitForCompletion: 'none',
			simplify: true,
			options: {},
		},
		3,
	),
	toolNode(
		toolNodes.videoStatus,
		{
			resource: 'video',
			operation: 'getGenerationStatus',
			jobId: fromAi('job_id', 'The jobId that start_video returned', 'string'),
			waitForCompletion: 'none',
			simplify: true,
			options: {},
		},
		4,
	),
	toolNode(toolNodes.startCappedVideo, promptVideo('none', { maxCredits: cappedToolMaxCredits }), 5),
	// Pause mode as a user may leave it: an agent's call cannot pause, so the tool polls.
	toolNode(toolNodes.generateAndWait, promptVideo('callback', {}), 6),
];

/**
 * n8n's own Date & Time node as a tool, beside ours: what n8n's MCP server makes of a node tool
 * that is not ours, so a release whose server mangles every tool's schema is told from a fault of ours.
 */
export const controlToolName = 'n8n_format_date';
const controlTool: WorkflowNode = {
	id: 'tool-control',
	name: controlToolName,
	type: 'n8n-nodes-base.dateTimeTool',
	typeVersion: 2,
	position: [1400, 240],
	parameters: { operation: 'formatDate', date: fromAi('date', 'The date to format, as ISO 8601', 'string'), format: 'yyyy-MM-dd', options: {} },
};

const connections: Connections = Object.fromEntries(
	[...tools, controlTool].map((tool) => [tool.name, { ai_tool: [[{ node: mcpTriggerName, type: 'ai_tool', index: 0 }]] }]),
);

/**
 * n8n's MCP Server Trigger (streamable HTTP at /mcp/<path>, node version 2) with operations of the
 * Presenter Video node hung under it as tools (Generate three times: without waiting, under a credit
 * cap, and set to pause until the service calls back); the agent fills the `$fromAI` fields.
 */
export function mcpToolsWorkflow(triggerVersion: number): Workflow {
	return {
		id: mcpToolsWorkflowId,
		name: 'E2E: Presenter Video as MCP tools',
		active: false,
		nodes: [
			{
				id: 'mcp-trigger',
				name: mcpTriggerName,
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: triggerVersion,
				position: [400, 0],
				webhookId: '0c1d2e3f-0011-4a00-8000-00000000e2f1',
				parameters: { authentication: 'none', path: mcpPath },
			},
			...tools,
			controlTool,
		],
		connections,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
	};
}
