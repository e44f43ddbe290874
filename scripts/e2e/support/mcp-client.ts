/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { withFileLock } from '../../n8n/file-lock';
import { currentNodeRuntime } from '../../n8n/node-runtime';
import { isolatedNpmEnv } from '../../n8n/npm-env';
import { cacheDir } from '../../n8n/paths';
import { logProgress } from '../../n8n/progress-log';
import { runCommandOrThrow } from '../../n8n/run-command';

/**
 * The MCP client the tests drive n8n's MCP Server Trigger with: `@modelcontextprotocol/sdk` from npm,
 * installed into its own cache folder (like the n8n installs) so the project's dependencies stay as
 * they are. Pinned to the version n8n 2.41.1 itself ships for its server side.
 */
export const mcpSdkPackage = '@modelcontextprotocol/sdk';
export const mcpSdkVersion = '1.26.0';
const clientDir = path.join(cacheDir, 'mcp-client');
const marker = path.join(clientDir, '.installed');

async function ensureInstalled(): Promise<void> {
	fs.mkdirSync(cacheDir, { recursive: true });
	await withFileLock(`${clientDir}.lock`, 10 * 60_000, async () => {
		const wanted = `${mcpSdkPackage}@${mcpSdkVersion}`;
		if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted) return;
		logProgress('mcp client', `installing ${wanted} into ${clientDir}`);
		fs.rmSync(clientDir, { recursive: true, force: true });
		fs.mkdirSync(clientDir, { recursive: true });
		// Its own package.json: npm then works in this folder and ignores the project's.
		fs.writeFileSync(
			path.join(clientDir, 'package.json'),
			JSON.stringify({ name: 'e2e-mcp-client', private: true, dependencies: { [mcpSdkPackage]: mcpSdkVersion } }),
		);
		const runtime = currentNodeRuntime();
		await runCommandOrThrow('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
			cwd: clientDir,
			env: isolatedNpmEnv(runtime.binDir, runtime.nodedir),
			timeoutMs: 10 * 60_000,
		});
		fs.writeFileSync(marker, wanted);
	});
}

/** The parts of the SDK's client API these tests use (the SDK is not a project dependency). */
export interface McpTool {
	name: string;
	description?: string;
	inputSchema: { type: 'object'; properties?: Record<string, Record<string, unknown>>; required?: string[] };
}

export interface McpToolResult {
	content: Array<{ type: string; text?: string }>;
	isError?: boolean;
}

export interface McpClient {
	connect(transport: unknown): Promise<void>;
	listTools(): Promise<{ tools: McpTool[] }>;
	callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<McpToolResult>;
	close(): Promise<void>;
}

export interface McpSdk {
	Client: new (info: { name: string; version: string }) => McpClient;
	StreamableHTTPClientTransport: new (url: URL) => unknown;
	SSEClientTransport: new (url: URL) => unknown;
}

/** Installs the SDK once, then loads its CommonJS build from the cache folder. */
export async function loadMcpSdk(): Promise<McpSdk> {
	await ensureInstalled();
	const load = createRequire(path.join(clientDir, 'package.json'));
	const { Client } = load(`${mcpSdkPackage}/client/index.js`) as Pick<McpSdk, 'Client'>;
	const { StreamableHTTPClientTransport } = load(`${mcpSdkPackage}/client/streamableHttp.js`) as Pick<
		McpSdk,
		'StreamableHTTPClientTransport'
	>;
	const { SSEClientTransport } = load(`${mcpSdkPackage}/client/sse.js`) as Pick<McpSdk, 'SSEClientTransport'>;
	return { Client, StreamableHTTPClientTransport, SSEClientTransport };
}

/** One JSON-RPC call over streamable HTTP; n8n answers as one server-sent event or as JSON. */
async function postRpc(url: string, body: object, session?: string): Promise<{ session?: string; result?: unknown }> {
	const response = await fetch(url, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			accept: 'application/json, text/event-stream',
			...(session === undefined ? {} : { 'mcp-session-id': session }),
		},
		body: JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`MCP ${JSON.stringify(body).slice(0, 80)} -> ${response.status} ${text.slice(0, 300)}`);
	const events = [...text.matchAll(/^data: (.*)$/gm)].map((match) => match[1]);
	const json = events.length > 0 ? events[events.length - 1] : text;
	const result = json.trim() === '' ? undefined : (JSON.parse(json) as { result?: unknown }).result;
	return { session: response.headers.get('mcp-session-id') ?? session, result };
}

/**
 * The tool list as n8n's MCP server sends it, read without the SDK, which refuses a whole list
 * when one tool's input schema is not an object.
 */
export async function listToolsAsSent(url: string): Promise<Array<{ name: string; inputSchema: Record<string, unknown> }>> {
	const initialize = { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'presenter-video-e2e', version: '1.0.0' } };
	const { session } = await postRpc(url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize });
	await postRpc(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
	const { result } = await postRpc(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
	return (result as { tools: Array<{ name: string; inputSchema: Record<string, unknown> }> }).tools;
}
