/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { setTimeout as sleep } from 'node:timers/promises';
import { fetchJson } from './http-json';

export interface ExecutionItem {
	json: Record<string, unknown>;
	binary?: Record<string, { fileName?: string; mimeType?: string; fileSize?: string; id?: string }>;
}

interface NodeRun {
	data?: { main?: Array<ExecutionItem[] | null> };
	error?: { message?: string; description?: string };
}

export interface Execution {
	id: string | number;
	workflowId: string;
	mode: string;
	status: string;
	finished: boolean;
	startedAt: string;
	stoppedAt: string | null;
	waitTill: string | null;
	data?: {
		resultData: {
			runData: Record<string, NodeRun[]>;
			lastNodeExecuted?: string;
			error?: { message?: string; description?: string };
		};
	};
}

export interface ExecutionFilter {
	workflowId?: string;
	status?: 'canceled' | 'error' | 'running' | 'success' | 'waiting';
	includeData?: boolean;
}

/** n8n's documented public REST API (/api/v1), authenticated with an API key. */
export class PublicApiClient {
	constructor(
		private readonly baseUrl: string,
		private readonly apiKey: string,
	) {}

	private request<T>(path: string, init: RequestInit = {}): Promise<T> {
		return fetchJson<T>(`${this.baseUrl}/api/v1${path}`, {
			...init,
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': this.apiKey },
		});
	}

	/** All executions matching the filter, newest first, following the pagination cursor. */
	async listExecutions(filter: ExecutionFilter = {}): Promise<Execution[]> {
		const executions: Execution[] = [];
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({ limit: '250', includeData: String(filter.includeData ?? true) });
			if (filter.workflowId !== undefined) query.set('workflowId', filter.workflowId);
			if (filter.status !== undefined) query.set('status', filter.status);
			if (cursor !== undefined) query.set('cursor', cursor);
			const page = await this.request<{ data: Execution[]; nextCursor: string | null }>(`/executions?${query}`);
			executions.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor !== undefined);
		return executions;
	}

	getExecution(id: string | number, includeData = true): Promise<Execution> {
		return this.request<Execution>(`/executions/${id}?includeData=${includeData}`);
	}

	/** Polls until `predicate` accepts the list of executions; returns that list. */
	async waitForExecutions(
		predicate: (executions: Execution[]) => boolean,
		timeoutMs: number,
		filter: ExecutionFilter = {},
	): Promise<Execution[]> {
		const deadline = Date.now() + timeoutMs;
		let latest: Execution[] = [];
		while (Date.now() < deadline) {
			latest = await this.listExecutions(filter);
			if (predicate(latest)) return latest;
			await sleep(500);
		}
		const seen = latest.map((execution) => `${execution.id}:${execution.status}`).join(', ') || 'none';
		throw new Error(`executions did not match within ${timeoutMs} ms (seen: ${seen})`);
	}

	/** Ids of the workflows marked active in the database. */
	async listActiveWorkflowIds(): Promise<string[]> {
		const ids: string[] = [];
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({ active: 'true', limit: '250' });
			if (cursor !== undefined) query.set('cursor', cursor);
			const page = await this.request<{ data: Array<{ id: string }>; nextCursor: string | null }>(
				`/workflows?${query}`,
			);
			ids.push(...page.data.map((workflow) => workflow.id));
			cursor = page.nextCursor ?? undefined;
		} while (cursor !== undefined);
		return ids;
	}

	/** Marks a workflow active (2.x: published); 2.x puts its triggers live in the background. */
	activateWorkflow(id: string): Promise<unknown> {
		return this.request(`/workflows/${id}/activate`, { method: 'POST' });
	}

	/**
	 * Saves a new version of a workflow, as a user's Save after moving a node by a pixel does: n8n
	 * records it in the workflow's history, which activating it needs (2.0 records none on import,
	 * and a save that changes no node or connection records none either).
	 */
	async saveNewVersion(id: string): Promise<void> {
		const { name, nodes, connections, settings } = await this.request<{ nodes: Array<{ position: [number, number] }> } & Record<string, unknown>>(`/workflows/${id}`);
		const [first, ...rest] = nodes;
		const moved = [{ ...first, position: [first.position[0] + 1, first.position[1]] }, ...rest];
		await this.request(`/workflows/${id}`, { method: 'PUT', body: JSON.stringify({ name, nodes: moved, connections, settings }) });
	}

	deactivateWorkflow(id: string): Promise<unknown> {
		return this.request(`/workflows/${id}/deactivate`, { method: 'POST' });
	}
}

/** The items a node emitted on its first output in its last run, binary metadata included. */
export function nodeOutputItems(execution: Execution, nodeName: string): ExecutionItem[] {
	const runs = execution.data?.resultData.runData[nodeName];
	if (runs === undefined || runs.length === 0)
		throw new Error(`node "${nodeName}" did not run in execution ${execution.id}`);
	return runs[runs.length - 1].data?.main?.[0] ?? [];
}

/** JSON of the items a node emitted on its first output in its last run. */
export function nodeOutputJson(execution: Execution, nodeName: string): Array<Record<string, unknown>> {
	return nodeOutputItems(execution, nodeName).map((item) => item.json);
}
