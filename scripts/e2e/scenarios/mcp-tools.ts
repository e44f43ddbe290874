/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../../test/sandbox';
import { estimateGenerationCredits } from '../../../nodes/PresenterVideo/billing/estimate';
import type { Scenario } from '../scenario';
import { listToolsAsSent, loadMcpSdk, type McpClient, type McpTool, type McpToolResult } from '../support/mcp-client';
import { NotApplicableHere } from '../timed-step';
import { apiRequestsSince, bodyField, generationStarts } from '../support/sandbox-log';
import { cappedToolMaxCredits, controlToolName, mcpPath, mcpToolsWorkflow, toolNodes } from '../workflows/mcp-tools';

type Json = Record<string, unknown>;

/** What a model is shown of each tool: its description and, per input, type and description. */
const expectedTools: Record<string, { description: string; inputs: Record<string, 'string' | 'number'> }> = {
	[toolNodes.listVoices]: {
		description: 'Get many voices in Presenter Video',
		inputs: { limit: 'number', language: 'string' },
	},
	[toolNodes.listAvatars]: { description: 'Get many avatars in Presenter Video', inputs: { limit: 'number' } },
	[toolNodes.writeScript]: {
		description: 'Generate script in Presenter Video',
		inputs: { prompt: 'string', duration_seconds: 'number' },
	},
	[toolNodes.startVideo]: {
		description: 'Generate video in Presenter Video',
		inputs: { script: 'string', voice_id: 'string', avatar_id: 'string' },
	},
	[toolNodes.videoStatus]: {
		description: 'Get generation status in Presenter Video',
		inputs: { job_id: 'string' },
	},
	[toolNodes.startCappedVideo]: {
		description: 'Generate video in Presenter Video',
		inputs: { prompt: 'string', duration_seconds: 'number' },
	},
	[toolNodes.generateAndWait]: {
		description: 'Generate video in Presenter Video',
		inputs: { prompt: 'string', duration_seconds: 'number' },
	},
};

function assertToolsReadWell(listed: McpTool[]): void {
	const tools = listed.filter((tool) => tool.name !== controlToolName);
	assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.keys(expectedTools).sort(), 'tool names');
	for (const tool of tools) {
		const expected = expectedTools[tool.name];
		assert.equal(tool.description, expected.description, `${tool.name}: description`);
		const properties = tool.inputSchema.properties ?? {};
		// Only what the agent decides is asked for: no node parameters (resource, operation, ...) leak in.
		assert.deepEqual(Object.keys(properties).sort(), Object.keys(expected.inputs).sort(), `${tool.name}: inputs`);
		assert.deepEqual([...(tool.inputSchema.required ?? [])].sort(), Object.keys(expected.inputs).sort());
		for (const [input, type] of Object.entries(expected.inputs)) {
			assert.equal(properties[input].type, type, `${tool.name}.${input}: type`);
			const description = String(properties[input].description ?? '');
			assert.ok(description.split(' ').length >= 4, `${tool.name}.${input}: "${description}" says too little`);
		}
	}
}

/** n8n puts a tool's output items, as JSON, in one text part of the answer. */
function resultItems(result: McpToolResult, tool: string): Json[] {
	assert.ok(!result.isError, `${tool} answered with an error: ${JSON.stringify(result.content)}`);
	const text = result.content.find((part) => part.type === 'text')?.text;
	assert.ok(text !== undefined, `${tool} answered without text: ${JSON.stringify(result.content)}`);
	const items = JSON.parse(text) as unknown;
	assert.ok(Array.isArray(items), `${tool}: expected a list of items, got ${text.slice(0, 200)}`);
	return items as Json[];
}

/**
 * Generate set to pause until the service calls back, run as a tool: the agent gets the finished
 * video from the one call; the job was given no callback address and was polled.
 */
async function assertPauseToolPolls(call: (name: string, args: Json) => Promise<Json[]>, sandbox: Sandbox): Promise<void> {
	const since = Date.now();
	const [video] = await call(toolNodes.generateAndWait, { prompt: 'Why bees matter', duration_seconds: 10 });
	assert.equal(video.status, 'completed', `the tool returns the finished video: ${JSON.stringify(video)}`);
	assert.match(String(video.videoId), /\S/, 'with its video id');
	const requests = apiRequestsSince(sandbox, since);
	const [start, ...reads] = requests;
	assert.deepEqual(generationStarts(requests), [start], 'one start, first');
	assert.equal(bodyField(start, 'webhook_url'), undefined, 'no callback address: nothing can call back');
	assert.ok(reads.length >= 1, 'the job was polled');
	assert.ok(
		reads.every((read) => read.method === 'GET' && read.path.endsWith(`/generation/status/${String(video.jobId)}`)),
		'then only its status was read',
	);
	assert.equal(sandbox.webhookDeliveries.filter((delivery) => delivery.jobId === video.jobId).length, 0, 'nobody was called back');
}

/**
 * n8n 2.20.12's MCP server sends every node tool's input schema as zod's internals rather than a
 * JSON Schema object, n8n's own Date & Time Tool's too, and the official client refuses the whole
 * list. Where n8n's own tool is listed so, the release cannot serve tools to an MCP client at all.
 */
async function assertServerListsSchemas(baseUrl: string, version: string): Promise<void> {
	const listed = await listToolsAsSent(`${baseUrl}/mcp/${mcpPath}`);
	const control = listed.find((tool) => tool.name === controlToolName);
	assert.ok(control, `n8n lists its own tool ${controlToolName}`);
	if (control.inputSchema.type === 'object') return;
	const ours = listed.filter((tool) => tool.name !== controlToolName && tool.inputSchema.type !== 'object').length;
	throw new NotApplicableHere(
		`n8n ${version}'s MCP server lists its own Date & Time Tool, and ${ours} of ours, without an object input schema: MCP clients refuse the list (n8n's defect)`,
	);
}

async function connect(baseUrl: string): Promise<McpClient> {
	const { Client, StreamableHTTPClientTransport } = await loadMcpSdk();
	const client = new Client({ name: 'presenter-video-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/${mcpPath}`)));
	return client;
}

export const mcpToolsScenario: Scenario = {
	name: 'mcp: tools for agents',
	workflows: [mcpToolsWorkflow(2)],
	async run({ instance, sandbox, version }) {
		await assertServerListsSchemas(instance.baseUrl, version);
		const client = await connect(instance.baseUrl);
		try {
			assertToolsReadWell((await client.listTools()).tools);
			const since = Date.now();
			const call = async (name: string, args: Json) =>
				resultItems(await client.callTool({ name, arguments: args }), name);

			const voices = await call(toolNodes.listVoices, { limit: 3, language: 'en' });
			assert.equal(voices.length, 3, 'list_voices honours the limit');
			for (const voice of voices) assert.equal(voice.language, 'en', `voice ${String(voice.id)} is English`);

			const avatars = await call(toolNodes.listAvatars, { limit: 2 });
			assert.equal(avatars.length, 2, 'list_avatars honours the limit');
			assert.ok(avatars.every((avatar) => typeof avatar.id === 'string' && Array.isArray(avatar.model_available)));

			const [script] = await call(toolNodes.writeScript, { prompt: 'Why bees matter', duration_seconds: 30 });
			assert.ok(typeof script.script === 'string' && script.script.length > 20, 'write_script returns the script');
			assert.equal(script.cost, 0.1);

			const startBody = {
				script: 'Bees pollinate a third of what we eat.',
				voice_id: String(voices[0].id),
				avatar_id: String(avatars[0].id),
			};
			const [started] = await call(toolNodes.startVideo, startBody);
			const jobId = String(started.jobId);
			assert.match(jobId, /^run_/, 'start_video returns the job id at once');
			assert.equal(started.status, 'pending');
			assert.equal(started.estimatedCredits, estimateGenerationCredits(startBody).likely, 'the local estimate agrees');

			const [status] = await call(toolNodes.videoStatus, { job_id: jobId });
			assert.equal(status.jobId, jobId);
			assert.ok(
				['pending', 'processing', 'completed'].includes(String(status.status)),
				`status ${String(status.status)}`,
			);

			const requests = apiRequestsSince(sandbox, since).map(({ method, path, query, body, apiKey }) => ({
				method,
				path: path.replace('/api/public/v1', ''),
				query,
				body,
				apiKey,
			}));
			const key = sandbox.keys.main;
			assert.deepEqual(requests, [
				{ method: 'GET', path: '/resources/voices', query: { language: 'en' }, body: undefined, apiKey: key },
				{ method: 'GET', path: '/resources/avatars', query: {}, body: undefined, apiKey: key },
				{
					method: 'POST',
					path: '/script/generate',
					query: {},
					body: { prompt: 'Why bees matter', duration: 30 },
					apiKey: key,
				},
				{
					method: 'POST',
					path: '/generation/start',
					query: {},
					body: { ...startBody, format: 'vertical' },
					apiKey: key,
				},
				{ method: 'GET', path: `/generation/status/${jobId}`, query: {}, body: undefined, apiKey: key },
			]);
			assert.equal(generationStarts(apiRequestsSince(sandbox, since)).length, 1, 'one start, one job');

			// An agent's bad input gets the node's error naming the field, and no request is sent.
			const before = apiRequestsSince(sandbox, since).length;
			const refused = await client.callTool({
				name: toolNodes.writeScript,
				arguments: { prompt: 'Why bees matter', duration_seconds: 5 },
			});
			const refusal = JSON.stringify(refused.content);
			assert.ok(refusal.includes('Duration (Seconds)'), `the refusal names the field: ${refusal}`);
			assert.equal(apiRequestsSince(sandbox, since).length, before, 'nothing is sent for a refused input');

			// A start over the tool's Max Credits per Execution is refused before anything is sent.
			const capped = { prompt: 'Why bees matter', duration: 120 };
			const estimate = estimateGenerationCredits(capped).credits;
			assert.ok(estimate > cappedToolMaxCredits, `a ${capped.duration}-second video is over the cap`);
			const overCap = await client.callTool({
				name: toolNodes.startCappedVideo,
				arguments: { prompt: capped.prompt, duration_seconds: capped.duration },
			});
			const overCapText = JSON.stringify(overCap.content);
			assert.ok(
				overCapText.includes(
					`Estimated cost of ${estimate} credits is over Max Credits per Execution (${cappedToolMaxCredits})`,
				),
				`the agent is told the estimate and the cap: ${overCapText}`,
			);
			assert.equal(apiRequestsSince(sandbox, since).length, before, 'nothing is started over the cap');
			assert.equal(generationStarts(apiRequestsSince(sandbox, since)).length, 1, 'still one start, one job');

			await assertPauseToolPolls(call, sandbox);
		} finally {
			await client.close();
		}
	},
};
